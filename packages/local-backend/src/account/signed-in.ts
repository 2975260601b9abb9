import { requireUser, type Caller } from '../auth/identity.ts';
import { errors } from '../http/errors.ts';

export type SignedInCaller = Extract<Caller, { kind: 'user' }>;

/**
 * The caller of an endpoint with the `account` scope: a signed-in user (a guest gets Appwrite's
 * scope error) who is not blocked. Appwrite refuses a blocked user's session on every request;
 * here the account endpoints are the ones that check it.
 */
export function signedIn(caller: Caller): SignedInCaller {
  requireUser(caller);
  if (!caller.user.status) throw errors.userBlocked();
  return caller;
}
