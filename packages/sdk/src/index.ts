/**
 * `@opportunity-kit/sdk`: the typed client every widget and the portal use. The network client arrives
 * with its issue; the pure domain module is available now at `@opportunity-kit/sdk/domain`.
 * @packageDocumentation
 */
export { MESSAGES, POSTING_TYPES, CLUSTERS, LOCATIONS } from './domain/index.ts';
