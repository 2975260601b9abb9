import { deploymentSettings } from '../platform/deployment-settings.ts';
import type { RuntimeContext } from '../platform/open-runtimes.ts';
import { serverApi } from '../platform/server-client.ts';
import { assignRole } from './assign-role.ts';

/**
 * The `roles` function, run by Appwrite on `users.*.create` and on e-mail verification (and on an
 * e-mail change): it labels the account `student`, `teacher` or `recruiter` from SCHOOL_DOMAIN and
 * TEACHER_EMAILS and creates its profile. A server key may also run it with `{ "userId": … }`.
 */
export default async function roles({ req, res, log, error }: RuntimeContext): Promise<unknown> {
  const userId = userIdOf(req.headers['x-appwrite-event'] ?? '', req.bodyText);
  if (!userId) return res.json({ error: { code: 'invalid-input', message: 'No user to assign a role to.' } }, 400);
  try {
    const outcome = await assignRole(serverApi(req), userId, deploymentSettings());
    if (!outcome) return res.json({ error: { code: 'not-found', message: 'The user no longer exists.' } }, 404);
    log(`${userId}: ${outcome.role ?? 'no role until the address is verified'}`);
    return res.json({ data: outcome });
  } catch (thrown) {
    error(thrown);
    return res.json({ error: { code: 'internal', message: 'The role could not be assigned.' } }, 500);
  }
}

/**
 * The user an execution is about: from the event name (`users.<id>.create`,
 * `users.<id>.verification.<token>.update`, `users.<id>.update.verification`), whose payload is a
 * User or a Token; else from a `userId` in the body of a direct execution.
 */
export function userIdOf(event: string, bodyText: string): string | undefined {
  const fromEvent = /^users\.([^.]+)\./.exec(event)?.[1];
  if (fromEvent && fromEvent !== '*') return fromEvent;
  try {
    const body = JSON.parse(bodyText) as { userId?: unknown };
    return typeof body.userId === 'string' && body.userId !== '' ? body.userId : undefined;
  } catch {
    return undefined;
  }
}
