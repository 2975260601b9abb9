import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { identifyCaller } from '../commands/caller.ts';
import { CommandError, notFound } from '../commands/command-error.ts';
import { RequestBody } from '../commands/request-body.ts';
import { matchRoute } from '../commands/router.ts';
import type { RuntimeContext } from '../platform/open-runtimes.ts';
import { serverApi } from '../platform/server-client.ts';
import { defaultDeps, type AiDeps } from './ai-deps.ts';
import { aiRoutes } from './routes.ts';
import { aiSettings } from './settings.ts';

/**
 * The `ai` function: resume review, interview practice and the career coach, routed by method and
 * path like `commands` (README.md beside this file). Success answers `{ data }` naming the provider;
 * a refusal answers its status and `{ error: { code, message, fields? } }`.
 */
export default async function ai(context: RuntimeContext): Promise<unknown> {
  return handleAi(context, defaultDeps(aiSettings()));
}

/** The function with its dependencies given, for tests that replace the outside world. */
export async function handleAi({ req, res, error }: RuntimeContext, deps: AiDeps): Promise<unknown> {
  try {
    const route = matchRoute(aiRoutes(deps), req.method, req.path);
    if (!route) throw notFound(`No AI route answers ${req.method} ${req.path}.`);
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
