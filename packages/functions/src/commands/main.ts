import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { answerData, answerFailure } from '../platform/envelope.ts';
import type { RuntimeContext } from '../platform/open-runtimes.ts';
import { serveRoutes } from '../platform/serve.ts';
import { serverApi } from '../platform/server-client.ts';
import { sweepUploads, uploadTtlSeconds } from '../portal/uploads.ts';
import { routes } from './routes.ts';

/**
 * The `commands` function: one execution per write, routed by method and path, e.g.
 * `functions.createExecution({ functionId: 'commands', method: 'POST', path: '/jobs', body })`.
 * Success answers `{ data }`; a refusal answers its status and `{ error: { code, message, fields? } }`.
 * Its daily schedule deletes the uploads no command attached. `x-appwrite-trigger` is Appwrite's own
 * header; and a sweep deletes only uploads older than their time to live, so one more run harms nothing.
 */
export default async function commands(context: RuntimeContext): Promise<unknown> {
  if (context.req.headers['x-appwrite-trigger'] === 'schedule') return sweepForgottenUploads(context);
  return serveRoutes(context, routes, 'command');
}

async function sweepForgottenUploads({ req, res, log, error }: RuntimeContext): Promise<unknown> {
  try {
    const deleted = await sweepUploads(serverApi(req), new Date(Date.now() - uploadTtlSeconds() * 1000));
    log(`uploads: ${deleted} left unattached deleted`);
    return answerData(res, { deleted });
  } catch (thrown) {
    error(thrown);
    return answerFailure(res, 'internal', MESSAGES.genericError);
  }
}
