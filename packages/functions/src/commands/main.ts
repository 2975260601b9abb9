import type { RuntimeContext } from '../platform/open-runtimes.ts';
import { serveRoutes } from '../platform/serve.ts';
import { routes } from './routes.ts';

/**
 * The `commands` function: one execution per write, routed by method and path, e.g.
 * `functions.createExecution({ functionId: 'commands', method: 'POST', path: '/jobs', body })`.
 * Success answers `{ data }`; a refusal answers its status and `{ error: { code, message, fields? } }`.
 */
export default async function commands(context: RuntimeContext): Promise<unknown> {
  return serveRoutes(context, routes, 'command');
}
