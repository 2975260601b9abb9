import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { RuntimeContext } from '../platform/open-runtimes.ts';
import { serverApi } from '../platform/server-client.ts';
import { identifyCaller } from './caller.ts';
import { CommandError, notFound } from './command-error.ts';
import { RequestBody } from './request-body.ts';
import { matchRoute } from './router.ts';
import { routes } from './routes.ts';

/**
 * The `commands` function: one execution per write, routed by method and path, e.g.
 * `functions.createExecution({ functionId: 'commands', method: 'POST', path: '/jobs', body })`.
 * Success answers `{ data }`; a refusal answers its status and `{ error: { code, message, fields? } }`.
 */
export default async function commands({ req, res, error }: RuntimeContext): Promise<unknown> {
  try {
    const route = matchRoute(routes, req.method, req.path);
    if (!route) throw notFound(`No command answers ${req.method} ${req.path}.`);
    const body = RequestBody.parse(req.bodyText);
    const api = serverApi(req);
    // The only identity trusted: the user id Appwrite injects from the caller's session.
    const caller = await identifyCaller(req.headers['x-appwrite-user-id'], api.users);
    const data = await route.command({ caller, body, params: route.params, api });
    return res.json({ data });
  } catch (thrown) {
    if (thrown instanceof CommandError) return res.json(thrown.toBody(), thrown.status);
    error(thrown);
    return res.json({ error: { code: 'internal', message: MESSAGES.genericError } }, 500);
  }
}
