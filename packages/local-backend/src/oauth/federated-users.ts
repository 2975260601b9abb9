import type { UserRecord } from '../auth/accounts.ts';
import { userModel } from '../auth/accounts.ts';
import type { Caller } from '../auth/identity.ts';
import { AppwriteError, errors } from '../http/errors.ts';
import { uniqueId } from '../http/params.ts';
import type { Services } from '../services.ts';
import type { Identities } from './identities.ts';

/** What an identity provider asserts about the person who signed in. */
export interface ProviderProfile {
  provider: string;
  /** The provider's id for the person; the local provider has no other id than the address. */
  uid: string;
  /** Lower-cased, and vouched for by the provider. */
  email: string;
  /** May be empty. */
  name: string;
}

const NAME_MAX = 128;

/**
 * Finds or creates the user behind a provider sign-in, following Appwrite's order: the caller's
 * own account when already signed in (linking a provider to it), else the linked identity, else
 * the account with the same e-mail, else a new account. Throws the AppwriteError Appwrite would
 * send to the failure URL.
 */
export function resolveFederatedUser(services: Services, identities: Identities, profile: ProviderProfile, caller: Caller): UserRecord {
  const { accounts } = services;
  let user: UserRecord | undefined;

  if (caller.kind === 'user') {
    const owner = accounts.findUserByEmail(profile.email);
    if ((owner && owner.id !== caller.user.id) || identities.findByEmail(profile.email, caller.user.id)) throw errors.userAlreadyExists();
    user = caller.user;
    // Appwrite replaces the session the browser held with the one this sign-in creates.
    if (caller.via === 'session' && caller.session) accounts.deleteSession(caller.session.id);
  }

  const linked = identities.find(profile.provider, profile.uid);
  if (!user && linked) user = accounts.findUser(linked.userId);
  if (!user) {
    // Every provider name is served by this same local provider, so an identity it holds under
    // another name (same address) is still its own.
    const other = identities.findByEmail(profile.email);
    if (other) user = accounts.findUser(other.userId);
  }
  // The local provider proves nothing (real providers prove the address; this one only asserts it),
  // so it opens only an account it created itself or one its owner linked to it while signed in.
  // Any other account with this address (a sign-up, a roster invitation with no password yet) stays
  // closed: opening it would sign anyone in as anyone.
  if (!user && accounts.findUserByEmail(profile.email)) throw notItsAccount();
  user ??= createUser(services, profile);

  if (!user.status) throw errors.userBlocked();

  if (!linked) {
    // The same provider account cannot be linked to two users; Appwrite answers a vague error so as not to reveal accounts.
    if (identities.findByEmail(profile.email, user.id))
      throw errors.badRequest('There was an error processing your request. Please check the inputs and try again.');
    identities.link({ userId: user.id, provider: profile.provider, providerUid: profile.uid, providerEmail: profile.email });
  } else if (linked.userId !== user.id) {
    throw errors.userAlreadyExists();
  }

  if (!user.email) {
    if (accounts.findUserByEmail(profile.email)) throw errors.userAlreadyExists();
    user = accounts.updateUser(user.id, { email: profile.email });
  }
  if (!user.name) user = accounts.updateUser(user.id, { name: displayName(profile) });
  // The provider vouches for its address, so an account holding that address counts as verified.
  if (user.email === profile.email) user = markEmailVerified(services, user);
  return user;
}

function createUser(services: Services, profile: ProviderProfile): UserRecord {
  const user = services.accounts.createUser({
    id: uniqueId(),
    email: profile.email,
    name: displayName(profile),
    password: null,
    emailVerification: true,
  });
  services.bus.publish({
    resource: 'user',
    action: 'create',
    name: `users.${user.id}.create`,
    ids: { userId: user.id },
    payload: userModel(user),
    readRoles: [`user:${user.id}`],
  });
  return user;
}

function displayName(profile: ProviderProfile): string {
  const name = profile.name.trim() || profile.email.split('@')[0] || '';
  return name.slice(0, NAME_MAX);
}

/** Marks the user's e-mail verified and tells listeners (role assignment re-runs on it); a no-op if it already was. */
export function markEmailVerified(services: Services, user: UserRecord): UserRecord {
  if (user.emailVerification) return user;
  const updated = services.accounts.updateUser(user.id, { emailVerification: true });
  services.bus.publish({
    resource: 'user',
    action: 'update',
    name: `users.${updated.id}.update.verification`,
    ids: { userId: updated.id },
    payload: userModel(updated),
    readRoles: [`user:${updated.id}`],
  });
  return updated;
}

function notItsAccount(): AppwriteError {
  return new AppwriteError(
    409,
    'user_already_exists',
    'This address belongs to an account that the local identity provider did not create. Sign in with its password, or choose "Forgot password?" to set one: the local identity provider opens only accounts it created or that were linked to it while signed in.',
  );
}
