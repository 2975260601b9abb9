import type { RuntimeContext } from '../platform/open-runtimes.ts';
import { serveRoutes } from '../platform/serve.ts';
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
export async function handleAi(context: RuntimeContext, deps: AiDeps): Promise<unknown> {
  return serveRoutes(context, aiRoutes(deps), 'AI route');
}
