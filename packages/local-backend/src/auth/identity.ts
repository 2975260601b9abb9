import type { IncomingHttpHeaders } from 'node:http';
import { errors } from '../http/errors.ts';
import type { Accounts, SessionRecord, UserRecord } from './accounts.ts';
import { GUEST_ROLES, userRoles } from './roles.ts';
import type { TeamStore } from './team-store.ts';
import { decodeSessionToken, signJwt, verifyJwt } from './tokens.ts';

/** Who is calling: a guest, a user (through a session or a JWT), or an API key, with the roles it holds. */
export type Caller =
  | { kind: 'guest'; roles: readonly string[] }
  | {
      kind: 'user';
      user: UserRecord;
      /** The session signed in with; none for a JWT a server minted without one (`POST /users/{id}/jwts`). */
      session: SessionRecord | undefined;
      via: 'session' | 'jwt';
      roles: readonly string[];
      /** The real caller while an impersonator acts as `user` (Appwrite 1.9 impersonation). */
      impersonator?: UserRecord;
    }
  | { kind: 'key'; keyKind: 'standard' | 'ephemeral'; roles: readonly string[] };

/** Where a request goes, for the rules that depend on the route (MFA). */
export interface RequestRoute {
  method: string;
  path: string;
  /** Query params (`impersonateUserId`, …); the headers win over them. */
  query?: Readonly<Record<string, unknown>>;
}

export const KEY_PREFIX_EPHEMERAL = 'ephemeral_';

/**
 * Reads the caller from a request the way Appwrite does: a JWT (`X-Appwrite-JWT`, refused together with
 * a session), else a session (its cookie, `X-Appwrite-Session`, then `X-Fallback-Cookies`), else an API
 * key (`X-Appwrite-Key`; an unknown one is ignored); anyone else is a guest (https://appwrite.io/docs/apis/rest).
 */
export class Identity {
  constructor(
    private readonly accounts: Accounts,
    private readonly teams: TeamStore,
    private readonly projectId: string,
    private readonly apiKey: string,
    private readonly jwtSecret: string,
  ) {}

  get sessionCookieName(): string {
    return `a_session_${this.projectId}`;
  }

  resolve(headers: IncomingHttpHeaders, cookies: Record<string, string>, query: { jwt?: string } = {}, route?: RequestRoute): Caller {
    const caller = this.authenticate(headers, cookies, query);
    if (caller.kind !== 'user') return caller;
    // Appwrite refuses every request of a blocked user, not only the account routes.
    if (!caller.user.status) throw errors.userBlocked();
    requireFactors(caller, route, this.accounts);
    return this.impersonate(caller, headers, route?.query ?? {});
  }

  private authenticate(headers: IncomingHttpHeaders, cookies: Record<string, string>, query: { jwt?: string }): Caller {
    const key = header(headers, 'x-appwrite-key');
    const signedIn = this.signedInCaller(headers, cookies, query);
    if (key) {
      const keyKind = this.verifyKey(key);
      // A valid key decides the request's rights even beside a session, as Appwrite's key scopes do;
      // an unknown key degrades silently to whoever else is calling, as on Appwrite.
      if (keyKind) return { kind: 'key', keyKind, roles: ['keys'] };
    }
    return signedIn ?? { kind: 'guest', roles: GUEST_ROLES };
  }

  /** The user a JWT or a session names (a JWT beside a session cookie is refused), if any. */
  private signedInCaller(headers: IncomingHttpHeaders, cookies: Record<string, string>, query: { jwt?: string }): Caller | undefined {
    const jwt = header(headers, 'x-appwrite-jwt') ?? query.jwt;
    const sessionUser = this.userFromSessionToken(this.sessionToken(headers, cookies));
    if (!jwt) return sessionUser;
    if (sessionUser) throw errors.jwtAndCookieSet();
    const payload = verifyJwt(jwt, this.jwtSecret);
    if (!payload || typeof payload.userId !== 'string' || typeof payload.sessionId !== 'string') throw errors.jwtInvalid();
    const user = this.accounts.findUser(payload.userId);
    if (!user) return undefined;
    // A JWT a server minted for no session stands on its own; one of a session dies with it.
    if (payload.sessionId === '') return { kind: 'user', user, session: undefined, via: 'jwt', roles: this.rolesOf(user) };
    const session = this.accounts.findSession(payload.sessionId);
    if (session && session.userId === user.id && session.expire > Date.now()) return { kind: 'user', user, session, via: 'jwt', roles: this.rolesOf(user) };
    return undefined;
  }

  /**
   * Appwrite 1.9 impersonation: a user the Users API marked `impersonator` who names another user
   * (`X-Appwrite-Impersonate-User-Id`, `-Email` or `-Phone`, else the `impersonateUserId`,
   * `impersonateEmail` or `impersonatePhone` query params) acts as that user. Anyone else's headers
   * are ignored, and so is a target that does not exist.
   */
  private impersonate(caller: Extract<Caller, { kind: 'user' }>, headers: IncomingHttpHeaders, query: Readonly<Record<string, unknown>>): Caller {
    if (!caller.user.impersonator) return caller;
    const fromQuery = (name: string) => {
      const value = query[name] ?? query[name.toLowerCase()];
      return typeof value === 'string' && value ? value : undefined;
    };
    const id = header(headers, 'x-appwrite-impersonate-user-id') ?? fromQuery('impersonateUserId');
    const email = header(headers, 'x-appwrite-impersonate-user-email') ?? fromQuery('impersonateEmail');
    const phone = header(headers, 'x-appwrite-impersonate-user-phone') ?? fromQuery('impersonatePhone');
    const target = id ? this.accounts.findUser(id) : email ? this.accounts.findUserByEmail(email) : phone ? this.accounts.findUserByPhone(phone) : undefined;
    if (!target) return caller;
    // As on Appwrite, a blocked user stays blocked while someone acts as them.
    if (!target.status) throw errors.userBlocked();
    return { ...caller, user: target, roles: this.rolesOf(target), impersonator: caller.user };
  }

  /** The encoded session token from cookies, the session header or the fallback-cookies header. */
  sessionToken(headers: IncomingHttpHeaders, cookies: Record<string, string>): string | undefined {
    const fromCookie = cookies[this.sessionCookieName] ?? cookies[`${this.sessionCookieName}_legacy`];
    if (fromCookie) return fromCookie;
    const fromHeader = header(headers, 'x-appwrite-session');
    if (fromHeader) return fromHeader;
    const fallback = header(headers, 'x-fallback-cookies');
    if (fallback) {
      try {
        const parsed: unknown = JSON.parse(fallback);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          const value = (parsed as Record<string, unknown>)[this.sessionCookieName];
          if (typeof value === 'string' && value) return value;
        }
      } catch {
        // Anything that is not JSON means "no session", like Appwrite.
      }
    }
    return undefined;
  }

  userFromSessionToken(token: string | undefined): Caller | undefined {
    if (!token) return undefined;
    const decoded = decodeSessionToken(token);
    if (!decoded) return undefined;
    const session = this.accounts.findSessionBySecret(decoded.id, decoded.secret);
    if (!session) return undefined;
    const user = this.accounts.findUser(session.userId);
    if (!user) return undefined;
    return { kind: 'user', user, session, via: 'session', roles: this.rolesOf(user) };
  }

  /** The roles `user` holds now, team roles of their confirmed memberships included. */
  rolesOf(user: UserRecord): string[] {
    return userRoles(user, this.teams.confirmedMembershipsOf(user.id));
  }

  createJwt(userId: string, sessionId: string, ttlSeconds: number): string {
    return signJwt({ userId, sessionId }, this.jwtSecret, ttlSeconds);
  }

  /** A short-lived API key handed to one function execution (`x-appwrite-key`). */
  createEphemeralKey(ttlSeconds: number): string {
    return KEY_PREFIX_EPHEMERAL + signJwt({ projectId: this.projectId, kind: 'ephemeral' }, this.jwtSecret, ttlSeconds);
  }

  verifyKey(key: string): 'standard' | 'ephemeral' | undefined {
    if (key === this.apiKey) return 'standard';
    if (key.startsWith(KEY_PREFIX_EPHEMERAL)) {
      const payload = verifyJwt(key.slice(KEY_PREFIX_EPHEMERAL.length), this.jwtSecret);
      if (payload?.projectId === this.projectId) return 'ephemeral';
    }
    return undefined;
  }
}

/**
 * Appwrite's MFA gate: once a user turned MFA on and has a second factor (a verified address, phone
 * or authenticator), a session with one factor reaches only the routes that complete the sign-in
 * (listing factors, challenges, ending the session); everything else is 401 `user_more_factors_required`.
 */
const MFA_ROUTES: ReadonlyArray<readonly [string, RegExp]> = [
  ['GET', /^\/v1\/account\/mfa\/factors$/],
  ['POST', /^\/v1\/account\/mfa\/challenges?$/],
  ['PUT', /^\/v1\/account\/mfa\/challenges?$/],
  ['DELETE', /^\/v1\/account\/sessions\/[^/]+$/],
];

function requireFactors(caller: Extract<Caller, { kind: 'user' }>, route: RequestRoute | undefined, accounts: Accounts): void {
  const { user, session } = caller;
  if (!user.mfa || !session) return;
  if (route && MFA_ROUTES.some(([method, path]) => method === route.method && path.test(route.path))) return;
  const moreFactors = user.emailVerification || user.phoneVerification || accounts.authenticators.find(user.id)?.verified === true;
  if (moreFactors && session.factors.length < 2) throw errors.moreFactorsRequired();
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value || undefined;
}

function roleName(caller: Caller): string {
  return caller.kind === 'key' ? 'applications' : caller.kind === 'user' ? 'users' : 'guests';
}

function callerName(caller: Caller): string {
  return caller.kind === 'user' ? caller.user.email || 'User' : caller.kind === 'key' ? 'app.localhost' : 'User';
}

/** Admin endpoints (provisioning, users, buckets, functions) need an API key; others get Appwrite's scope error. */
export function requireKey(caller: Caller, scope: string): void {
  if (caller.kind !== 'key') throw errors.unauthorizedScope(callerName(caller), roleName(caller), scope);
}

/**
 * `users.read` (the Users API reads): API keys, and, as on Appwrite 1.9, users marked impersonator,
 * who may browse users to pick whom to act as, also while acting as someone.
 */
export function requireUsersRead(caller: Caller): void {
  if (caller.kind === 'user' && (caller.user.impersonator || caller.impersonator)) return;
  requireKey(caller, 'users.read');
}

/** Scopes only a signed-in user holds, never a guest: `account`, `teams.*`, `executions.read` (else 401 `general_unauthorized_scope`). */
export function requireUser(caller: Caller, scope = 'account'): asserts caller is Extract<Caller, { kind: 'user' }> {
  if (caller.kind !== 'user') throw errors.unauthorizedScope(callerName(caller), roleName(caller), scope);
}
