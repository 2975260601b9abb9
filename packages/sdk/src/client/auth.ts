import { AppwriteException, ID, type OAuthProvider } from 'appwrite';
import type { CurrentUser } from '../domain/entities.ts';
import { MESSAGES } from '../domain/messages.ts';
import { isEmailAddress, validateSignUp, type SignUpInput } from '../domain/validation.ts';
import type { PortalContext } from './context.ts';
import { guard, invalidInput, isPortalError, PortalError } from './errors.ts';
import { INVITATION_LINK_USED } from './invitation.ts';
import { toCurrentUser } from './mapping.ts';
import { clearSessionFlag, writeSessionFlag, type StoredSession } from './session-flag.ts';

/** A federated sign-in provider by its Appwrite name, for example `google` or `microsoft`. @public */
export type FederatedProvider = `${OAuthProvider}`;

/** E-mail and password of the sign-in form. @public */
export interface SignInInput {
  /** The account's e-mail address. */
  email: string;
  /** The account's password. */
  password: string;
}

/** Where the identity provider sends the browser back to. Both must be absolute URLs of the app. @public */
export interface FederatedSignInInput {
  /** The identity provider. */
  provider: FederatedProvider;
  /** The app page that finishes the sign-in with {@link AuthModule.completeFederatedSignIn}. */
  success: string;
  /** The app page shown when the sign-in fails or is cancelled. */
  failure: string;
}

/** The `userId` and `secret` a mailed link or the provider's redirect carries. @public */
export interface LinkSecret {
  /** The account the link is for. */
  userId: string;
  /** The one-time secret of the link. */
  secret: string;
}

/** What the invitation page sends: the link's `userId` and `secret`, and the password the student chose. @public */
export interface InvitationAcceptance extends LinkSecret {
  /** The new password, at least 8 characters and not one of the most common ones. */
  password: string;
}

/** What the "Forgot password?" form sends. @public */
export interface PasswordResetRequest {
  /** The account's e-mail address. */
  email: string;
  /**
   * The app's reset page, an absolute URL on one of the project's registered web platforms. The mailed
   * link leads there with `email`, `userId`, `secret` and `expire` added to its query.
   */
  url: string;
}

/** What the reset page sends: the link's `userId` and `secret`, the new password, and the link's `email` if it has one. @public */
export interface PasswordReset extends LinkSecret {
  /** The new password, at least 8 characters and not one of the most common ones. */
  password: string;
  /** The account's address, from the link: with it, the browser is signed in with the new password. */
  email?: string | undefined;
}

/**
 * Accounts and sessions. Every successful sign-in stores the spec's local session flag and every
 * sign-out clears it.
 * @public
 */
export interface AuthModule {
  /**
   * Creates an account with its display name, then signs it in. Checks the form first (all four
   * fields, "Passwords do not match"); an address already registered is `already-exists`, whose
   * message (`MESSAGES.accountExists`) points to signing in or "Forgot password?".
   */
  signUp(input: SignUpInput): Promise<CurrentUser>;
  /** Signs in with e-mail and password; wrong ones are `invalid-credentials` with the server's message. */
  signIn(input: SignInInput): Promise<CurrentUser>;
  /**
   * Starts a federated sign-in. In a browser it navigates to the provider; elsewhere it returns the URL
   * to open. The provider sends the browser back to `success` with `userId` and `secret`.
   */
  federatedSignIn(input: FederatedSignInInput): string | undefined;
  /** Finishes a federated sign-in from the success URL (or its `userId` and `secret`). */
  completeFederatedSignIn(from: LinkSecret | string | URL): Promise<CurrentUser>;
  /** Ends the session on the server and clears the local flag. */
  signOut(): Promise<void>;
  /** The signed-in member as the server knows them now (role and verification included), or null. */
  currentUser(): Promise<CurrentUser | null>;
  /** What the local session flag says, without asking the server: for the first render at app start. */
  storedSession(): StoredSession;
  /** E-mails a verification link that leads to `url` with `userId` and `secret`. */
  requestVerification(url: string): Promise<void>;
  /**
   * Confirms the address from the link's `userId` and `secret` (or the link itself). A school address
   * gets its role label from the server shortly after; `currentUser()` then shows it. Answers the
   * signed-in member, or null when the link was opened in a browser that is not signed in.
   */
  confirmVerification(from: LinkSecret | string | URL): Promise<CurrentUser | null>;
  /**
   * Accepts a roster invitation: signs in with the link's one-time secret, sets the chosen password
   * and answers the signed-in student. A used or expired link is `invalid-input` with
   * {@link INVITATION_LINK_USED}; a short password is refused before the link is spent, a common one
   * is `weak-password` (the browser stays signed in, so the student may simply choose another).
   */
  acceptInvitation(input: InvitationAcceptance): Promise<CurrentUser>;
  /**
   * Mails a password reset link for the address, leading to `url`. Resolves the same whether or not
   * the address has an account (or the account is blocked), so a page can say the same thing for
   * every address; too many asks for one address or from one network are `rate-limited` with
   * `MESSAGES.passwordResetRateLimited` (Appwrite allows ten an hour).
   */
  requestPasswordReset(input: PasswordResetRequest): Promise<void>;
  /**
   * Sets a new password from a reset link. Every session of the account ends; with `email`, this
   * browser is then signed in with the new password and the member answered, else (or if that
   * sign-in fails) the answer is null and the member signs in themselves. A used or expired link is
   * `invalid-input` with `MESSAGES.passwordResetLinkUsed`; a common password is `weak-password`, and the
   * link still works for another try.
   */
  resetPassword(input: PasswordReset): Promise<CurrentUser | null>;
}

/**
 * The auth module's methods that need none of its code, which the portal client answers before that code
 * has loaded: the local session flag, and the federated sign-in's address.
 */
export type ImmediateAuth = 'federatedSignIn' | 'storedSession';

/** The auth module (but its immediate methods), and the signed-in member as the other modules need it. */
export interface AuthState {
  module: Omit<AuthModule, ImmediateAuth>;
  /** The signed-in member (fetched once, then kept until the session changes), or null for a guest. */
  viewer(): Promise<CurrentUser | null>;
}

function linkSecret(from: LinkSecret | string | URL): LinkSecret {
  if (typeof from === 'object' && !(from instanceof URL)) return from;
  const url = new URL(from.toString());
  const userId = url.searchParams.get('userId');
  const secret = url.searchParams.get('secret');
  if (!userId || !secret) throw new PortalError('invalid-input', 'This link is not complete. Please open the link from the e-mail again.');
  return { userId, secret };
}

const isInvalidToken = (thrown: unknown): boolean => thrown instanceof AppwriteException && (thrown.code === 401 || thrown.type === 'user_invalid_token');

const isUnauthorized = (thrown: unknown): boolean => thrown instanceof AppwriteException && thrown.code === 401;

/** Appwrite's answers to a reset asked for an address that has no account, or a blocked one: the page says the same as for any other. */
const isUnknownOrBlocked = (thrown: unknown): boolean =>
  thrown instanceof AppwriteException && (thrown.type === 'user_not_found' || thrown.type === 'user_blocked');

const isSpentResetLink = (thrown: unknown): boolean =>
  thrown instanceof AppwriteException && (thrown.type === 'user_invalid_token' || thrown.type === 'user_not_found');

/** The reset page's URL with the address in its query, so the page can sign the member in after the reset. */
function resetPageUrl(url: string, email: string): string {
  const page = new URL(url);
  page.searchParams.set('email', email);
  return page.toString();
}

function checkNewPassword(password: string): void {
  if (!password) throw invalidInput({ password: 'Please enter a password' });
  if (password.length < 8) throw invalidInput({ password: 'Password must be at least 8 characters' });
}

export function createAuth(context: Omit<PortalContext, 'viewer' | 'member' | 'freshMember'>): AuthState {
  const { account, flagStorage, live } = context;
  let known: Promise<CurrentUser | null> | undefined;

  async function fetchCurrent(): Promise<CurrentUser | null> {
    try {
      const user = toCurrentUser(await account.get());
      writeSessionFlag(flagStorage, user);
      return user;
    } catch (thrown) {
      // A guest, or a session the server ended: the local flag must not claim otherwise.
      if (isUnauthorized(thrown)) {
        clearSessionFlag(flagStorage);
        return null;
      }
      throw PortalError.from(thrown);
    }
  }

  async function signedIn(): Promise<CurrentUser> {
    const user = await fetchCurrent();
    // The spec's "sign-in returns nothing" case: the session was made but this browser does not hold it.
    if (!user) throw new PortalError('unauthenticated', MESSAGES.userNotFound);
    known = Promise.resolve(user);
    await live.reconnect();
    return user;
  }

  /** Creates a session; a browser that still holds an old one is signed out of it first. */
  async function createSession(create: () => Promise<unknown>): Promise<void> {
    try {
      await create();
    } catch (thrown) {
      if (!(thrown instanceof AppwriteException && thrown.type === 'user_session_already_exists')) throw PortalError.from(thrown);
      await guard(() => account.deleteSession({ sessionId: 'current' }));
      await guard(create);
    }
  }

  function viewer(): Promise<CurrentUser | null> {
    known ??= fetchCurrent().catch((thrown: unknown) => {
      known = undefined;
      throw thrown;
    });
    return known;
  }

  const module: AuthState['module'] = {
    async signUp(input) {
      const checked = validateSignUp(input);
      if (!checked.ok) throw invalidInput(checked.errors);
      const { name, email, password } = checked.value;
      try {
        await account.create({ userId: ID.unique(), email, password, name });
      } catch (thrown) {
        const error = PortalError.from(thrown);
        // Appwrite's own text names ids and phones; the member needs the way back into their account.
        if (error.code === 'already-exists') throw new PortalError('already-exists', MESSAGES.accountExists, { status: error.status, cause: thrown });
        throw error;
      }
      await createSession(() => account.createEmailPasswordSession({ email, password }));
      return signedIn();
    },

    async signIn(input) {
      const errors: Record<string, string> = {};
      if (!isEmailAddress(input.email)) errors.email = 'Please enter a valid email address';
      if (!input.password) errors.password = 'Please enter your password';
      if (Object.keys(errors).length) throw invalidInput(errors);
      await createSession(() => account.createEmailPasswordSession({ email: input.email.trim(), password: input.password }));
      return signedIn();
    },

    async completeFederatedSignIn(from) {
      const { userId, secret } = linkSecret(from);
      await createSession(() => account.createSession({ userId, secret }));
      return signedIn();
    },

    async signOut() {
      try {
        await account.deleteSession({ sessionId: 'current' });
      } catch (thrown) {
        // Already signed out on the server is what was asked for; anything else is reported.
        if (!isUnauthorized(thrown)) throw PortalError.from(thrown);
      } finally {
        clearSessionFlag(flagStorage);
        known = Promise.resolve(null);
        await live.reconnect();
      }
    },

    async currentUser() {
      const current = fetchCurrent();
      known = current;
      // Only the server's answer says who is signed in: a failed ask (offline) is not "signed out", so
      // the next call asks again and reports the connection instead of "Please sign in first.".
      current.catch(() => {
        if (known === current) known = undefined;
      });
      return current;
    },

    async requestVerification(url) {
      await guard(() => account.createVerification({ url }));
    },

    async confirmVerification(from) {
      const { userId, secret } = linkSecret(from);
      await guard(() => account.updateVerification({ userId, secret }));
      const user = await fetchCurrent();
      known = Promise.resolve(user);
      return user;
    },

    async acceptInvitation({ userId, secret, password }) {
      if (!userId || !secret) throw new PortalError('invalid-input', 'This link is not complete. Please open the link from the e-mail again.');
      checkNewPassword(password);
      // The secret works once: a student whose first password was refused is still signed in by it.
      const current = await fetchCurrent();
      if (current?.id !== userId) {
        try {
          await createSession(() => account.createSession({ userId, secret }));
        } catch (thrown) {
          const cause = thrown instanceof PortalError ? thrown.cause : thrown;
          if (isInvalidToken(cause)) throw new PortalError('invalid-input', INVITATION_LINK_USED, { status: 401, cause });
          throw PortalError.from(thrown);
        }
      }
      await guard(() => account.updatePassword({ password }));
      return signedIn();
    },

    async requestPasswordReset({ email, url }) {
      const address = email.trim();
      if (!isEmailAddress(address)) throw invalidInput({ email: 'Please enter a valid email address' });
      try {
        await account.createRecovery({ email: address, url: resetPageUrl(url, address) });
      } catch (thrown) {
        if (isUnknownOrBlocked(thrown)) return;
        const error = PortalError.from(thrown);
        if (error.code === 'rate-limited') throw new PortalError('rate-limited', MESSAGES.passwordResetRateLimited, { status: error.status, cause: thrown });
        throw error;
      }
    },

    async resetPassword({ userId, secret, password, email }) {
      if (!userId || !secret) throw new PortalError('invalid-input', 'This link is not complete. Please open the link from the e-mail again.');
      checkNewPassword(password);
      try {
        await account.updateRecovery({ userId, secret, password });
      } catch (thrown) {
        if (isSpentResetLink(thrown)) throw new PortalError('invalid-input', MESSAGES.passwordResetLinkUsed, { status: 401, cause: thrown });
        throw PortalError.from(thrown);
      }
      // Every session of the account ended with the reset, this browser's too if it held one.
      if (email) {
        try {
          await createSession(() => account.createEmailPasswordSession({ email: email.trim(), password }));
          return await signedIn();
        } catch (thrown) {
          // The password is set: a sign-in that fails here (an address edited in the link) leaves the member to sign in.
          if (!isPortalError(thrown, 'invalid-credentials')) throw thrown;
        }
      }
      known = fetchCurrent();
      await known;
      await live.reconnect();
      return null;
    },
  };
  return { module, viewer };
}
