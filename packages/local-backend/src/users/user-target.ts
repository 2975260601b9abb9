import type { UserRecord } from '../auth/accounts.ts';
import { errors } from '../http/errors.ts';
import type { RequestContext } from '../http/context.ts';
import type { Services } from '../services.ts';

/** The user named by `{userId}` in the path; 404 `user_not_found` when there is none. */
export function targetUser(ctx: RequestContext, services: Services): UserRecord {
  const user = services.accounts.findUser(ctx.pathParams.userId ?? '');
  if (!user) throw errors.userNotFound();
  return user;
}
