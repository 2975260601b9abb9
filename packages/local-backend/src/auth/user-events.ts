import type { Services } from '../services.ts';
import { sessionModel, userModel, type SessionRecord, type UserRecord } from './accounts.ts';

/** What happened to a user, in Appwrite's event grammar after `users.U.`: `create`, `delete`, `update.name`, … */
export type UserChange =
  'create' | 'delete' | `update.${'name' | 'email' | 'phone' | 'prefs' | 'labels' | 'status' | 'verification' | 'password' | 'mfa' | 'impersonator'}`;

/** Publishes `users.U.<change>` with the User model as payload, readable by that user only. */
export function publishUserEvent(services: Services, user: UserRecord, change: UserChange): void {
  services.bus.publish({
    resource: 'user',
    action: change.split('.')[0] as string,
    name: `users.${user.id}.${change}`,
    ids: { userId: user.id },
    payload: userModel(user),
    readRoles: [`user:${user.id}`],
  });
}

/** Publishes `users.U.sessions.S.delete` for a session that was just removed. */
export function publishSessionDeleted(services: Services, session: SessionRecord): void {
  services.bus.publish({
    resource: 'session',
    action: 'delete',
    name: `users.${session.userId}.sessions.${session.id}.delete`,
    ids: { userId: session.userId, sessionId: session.id },
    payload: sessionModel(session, { current: false, secret: '' }),
    readRoles: [`user:${session.userId}`],
  });
}

/** Deletes sessions one by one so each deletion is announced, as the session-delete endpoints do. */
export function deleteSessionsOf(services: Services, sessions: readonly SessionRecord[]): void {
  for (const session of sessions) {
    services.accounts.deleteSession(session.id);
    publishSessionDeleted(services, session);
  }
}
