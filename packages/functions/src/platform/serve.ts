import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { identifyCaller } from './caller.ts';
import { CommandError, notFound } from './command-error.ts';
import { answerData, answerFailure, answerRefusal } from './envelope.ts';
import type { RuntimeContext } from './open-runtimes.ts';
import { RequestBody } from './request-body.ts';
import { matchRoute, safeDecode, type Route } from './router.ts';
import { serverApi } from './server-client.ts';

/**
 * One execution of a routed function (`commands`, `ai`): the route of its method and path runs as
 * the caller. Success answers `{ data }`; a refusal answers its status and
 * `{ error: { code, message, fields? } }`; anything else is logged and answered as a generic 500.
 * `routeNoun` names what was not found ("command", "AI route").
 */
export async function serveRoutes({ req, res, error }: RuntimeContext, routes: readonly Route[], routeNoun: string): Promise<unknown> {
  try {
    const route = matchRoute(routes, req.method, req.path);
    if (!route) throw notFound(`No ${routeNoun} answers ${req.method} ${req.path}.`);
    const body = RequestBody.parse(req.bodyText);
    const api = serverApi(req);
    // The only identity trusted: the user id Appwrite injects from the caller's session.
    const caller = await identifyCaller(req.headers['x-appwrite-user-id'], api.users);
    // Appwrite sets the client address after the caller's own headers, so a caller cannot claim another.
    const clientIp = req.headers['x-appwrite-client-ip'] ?? '';
    const query = Object.fromEntries(Object.entries(req.query ?? {}).map(([name, value]) => [name, safeDecode(value)]));
    const data = await route.command({ caller, body, params: route.params, query, api, clientIp });
    return answerData(res, data);
  } catch (thrown) {
    if (thrown instanceof CommandError) return answerRefusal(res, thrown);
    error(thrown);
    return answerFailure(res, 'internal', MESSAGES.genericError);
  }
}
