/**
 * `@opportunity-kit/sdk/public`: a tiny, fetch-based, read-only client for public postings (no
 * dependency on the `appwrite` package), for the `<opportunity-board>` embed and other public pages.
 * @packageDocumentation
 */
export { createPublicClient } from './public-client.ts';
export type { PublicClient, PublicClientOptions, PublicJobQuery, PublicJobPage } from './public-client.ts';
export { PublicClientError } from './public-error.ts';
export type { PublicErrorCode } from './public-error.ts';
export type { Job } from '../domain/entities.ts';
export type { PostingType } from '../domain/constants.ts';
