import { json, type Reply, type RequestContext } from '../http/context.ts';
import type { Services } from '../services.ts';
import type { SessionRecord, UserRecord } from './accounts.ts';
import { sessionModel } from './accounts.ts';
import { encodeSessionToken } from './tokens.ts';

function cookieDomain(hostname: string): string | undefined {
  // Appwrite omits Domain for localhost and IP hosts, else scopes the cookie to `.host`.
  if (hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':') || hostname.startsWith('[')) return undefined;
  return `.${hostname}`;
}

/**
 * Answers a new session the way Appwrite does: both session cookies (`a_session_<project>` and its `_legacy` twin), the
 * `X-Fallback-Cookies` header, and the Session model (secret only for API-key callers).
 */
export function sessionCreatedReply(ctx: RequestContext, services: Services, created: { session: SessionRecord; secret: string }): Reply {
  const token = encodeSessionToken(created.session.userId, created.secret);
  const cookieName = services.identity.sessionCookieName;
  const base = { expires: new Date(created.session.expire), httpOnly: true, secure: ctx.secure, domain: cookieDomain(ctx.hostname) };
  // The `_legacy` twin first, as Appwrite writes them.
  ctx.setCookie(`${cookieName}_legacy`, token, base);
  ctx.setCookie(cookieName, token, { ...base, sameSite: 'None' });
  ctx.setHeader('X-Fallback-Cookies', JSON.stringify({ [cookieName]: token }));
  return json(201, sessionModel(created.session, { current: true, secret: ctx.caller.kind === 'key' ? token : '' }));
}

/** Expires both cookies and tells the web SDK to forget its fallback session (`[]`). */
export function clearSessionCookies(ctx: RequestContext, services: Services): void {
  const cookieName = services.identity.sessionCookieName;
  // PHP's setcookie() writes a cleared cookie as `deleted`, expired at the epoch; browsers drop it.
  const base = { expires: new Date(1000), httpOnly: true, secure: ctx.secure, domain: cookieDomain(ctx.hostname) };
  ctx.setCookie(`${cookieName}_legacy`, 'deleted', base);
  ctx.setCookie(cookieName, 'deleted', { ...base, sameSite: 'None' });
  ctx.setHeader('X-Fallback-Cookies', '[]');
}

type SessionProvider = { name: string; uid: string; factors: string[] };

/**
 * A new session for `user`: it lasts the project's `duration`, and past the project's `sessionsLimit`
 * the user's oldest sessions end (Appwrite's session routes do both). Recorded as `session.create` in
 * the user's audit log.
 */
function createSessionFor(ctx: RequestContext, services: Services, user: UserRecord, provider: SessionProvider): { session: SessionRecord; secret: string } {
  const created = services.accounts.createSession({
    userId: user.id,
    provider: provider.name,
    providerUid: provider.uid,
    factors: provider.factors,
    ip: ctx.clientIp,
    userAgent: userAgentOf(ctx),
    durationSeconds: services.authSettings.duration,
  });
  services.accounts.trimSessions(user.id, services.authSettings.sessionsLimit);
  recordAudit(ctx, services, user, 'session.create');
  return created;
}

/**
 * Opens a session for `user` as a side effect of another answer (an accepted team invitation): the
 * cookies and `X-Fallback-Cookies` are set on the response, the body is the route's own. Appwrite
 * announces no session event there.
 */
export function openSession(ctx: RequestContext, services: Services, user: UserRecord, provider: SessionProvider): SessionRecord {
  const created = createSessionFor(ctx, services, user, provider);
  sessionCreatedReply(ctx, services, created);
  return created.session;
}

/** Starts a session for `user` after a successful sign-in of any kind. */
export function startSession(ctx: RequestContext, services: Services, user: UserRecord, provider: SessionProvider): Reply {
  const created = createSessionFor(ctx, services, user, provider);
  const reply = sessionCreatedReply(ctx, services, created);
  services.bus.publish({
    resource: 'session',
    action: 'create',
    name: `users.${user.id}.sessions.${created.session.id}.create`,
    ids: { userId: user.id, sessionId: created.session.id },
    payload: sessionModel(created.session, { current: false, secret: '' }),
    readRoles: [`user:${user.id}`],
  });
  return reply;
}

/** The request's User-Agent, `UNKNOWN` when it sent none (as Appwrite stores it). */
export function userAgentOf(ctx: RequestContext): string {
  const agent = ctx.headers['user-agent'];
  return (Array.isArray(agent) ? agent[0] : agent) || 'UNKNOWN';
}

/** Adds `event` (`user.create`, `session.create`, …) to the audit log of `user`, as Appwrite's audits label does. */
export function recordAudit(ctx: RequestContext, services: Services, user: UserRecord, event: string): void {
  const actor = ctx.caller.kind === 'user' ? (ctx.caller.impersonator ?? ctx.caller.user) : user;
  services.accounts.logs.record({
    event,
    userId: user.id,
    userEmail: actor.email,
    userName: actor.name,
    mode: ctx.caller.kind === 'key' ? 'admin' : 'default',
    ip: ctx.clientIp,
    userAgent: userAgentOf(ctx),
    time: Date.now(),
  });
}
