import type { IncomingHttpHeaders } from 'node:http';
import { errors } from '../http/errors.ts';
import type { Accounts, SessionRecord, UserRecord } from './accounts.ts';
import { GUEST_ROLES, userRoles } from './roles.ts';
import type { TeamStore } from './team-store.ts';
import { decodeSessionToken, signJwt, verifyJwt } from './tokens.ts';

/** Who is calling: a guest, a user (through a session or a JWT), or an API key, with the roles it holds. */
export type Caller =
  | { kind: 'guest'; roles: readonly string[] }
  | { kind: 'user'; user: UserRecord; session: SessionRecord; via: 'session' | 'jwt'; roles: readonly string[] }
  | { kind: 'key'; keyKind: 'standard' | 'ephemeral'; roles: readonly string[] };

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

  resolve(headers: IncomingHttpHeaders, cookies: Record<string, string>, query: { jwt?: string } = {}): Caller {
    const key = header(headers, 'x-appwrite-key');
    const jwt = header(headers, 'x-appwrite-jwt') ?? query.jwt;
    const sessionUser = this.userFromSessionToken(this.sessionToken(headers, cookies));

    if (jwt) {
      if (sessionUser) throw errors.jwtAndCookieSet();
      const payload = verifyJwt(jwt, this.jwtSecret);
      if (!payload || typeof payload.userId !== 'string' || typeof payload.sessionId !== 'string') throw errors.jwtInvalid();
      const user = this.accounts.findUser(payload.userId);
      const session = this.accounts.findSession(payload.sessionId);
      if (user && session && session.userId === user.id && session.expire > Date.now()) {
        if (!user.status) throw errors.userBlocked();
        return { kind: 'user', user, session, via: 'jwt', roles: this.rolesOf(user) };
      }
      return { kind: 'guest', roles: GUEST_ROLES };
    }
    if (sessionUser) {
      // Appwrite refuses every request of a blocked user, not only the account routes.
      if (sessionUser.kind === 'user' && !sessionUser.user.status) throw errors.userBlocked();
      return sessionUser;
    }
    if (key) {
      const keyKind = this.verifyKey(key);
      // An unknown key degrades silently to a guest, as on Appwrite.
      if (keyKind) return { kind: 'key', keyKind, roles: ['keys'] };
    }
    return { kind: 'guest', roles: GUEST_ROLES };
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

/** Scopes only a signed-in user holds, never a guest: `account`, `teams.*`, `executions.read` (else 401 `general_unauthorized_scope`). */
export function requireUser(caller: Caller, scope = 'account'): asserts caller is Extract<Caller, { kind: 'user' }> {
  if (caller.kind !== 'user') throw errors.unauthorizedScope(callerName(caller), roleName(caller), scope);
}
