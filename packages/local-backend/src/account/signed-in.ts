import { userModel } from '../auth/accounts.ts';
import { requireUser, type Caller } from '../auth/identity.ts';
import { errors } from '../http/errors.ts';

export type SignedInCaller = Extract<Caller, { kind: 'user' }>;

/**
 * The caller of an endpoint with the `account` scope: a signed-in user (a guest gets Appwrite's
 * scope error) who is not blocked. Identity already refuses a blocked user's session on every
 * request; the check stays here for callers resolved before a block.
 */
export function signedIn(caller: Caller): SignedInCaller {
  requireUser(caller);
  if (!caller.user.status) throw errors.userBlocked();
  return caller;
}

/** The Account model of the caller; `impersonatorUserId` names the real caller while impersonating. */
export function presentAccount(caller: SignedInCaller): Record<string, unknown> {
  return userModel(caller.user, { impersonatorUserId: caller.impersonator?.id ?? null });
}
