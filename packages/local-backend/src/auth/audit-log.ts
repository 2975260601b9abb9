import { formatDate } from '../models/time.ts';
import type { Store } from '../store/store.ts';
import { detectAgent } from './user-agent.ts';

/** One audit record of a user's account (Appwrite's `audit` collection, as `/account/logs` shows it). */
export interface AuditRecord {
  event: string;
  userId: string;
  userEmail: string;
  userName: string;
  /** `default` for the user's own requests, `admin` for an API key's. */
  mode: string;
  ip: string;
  userAgent: string;
  time: number;
}

interface AuditRow {
  event: string;
  user_id: string;
  user_email: string;
  user_name: string;
  mode: string;
  ip: string;
  user_agent: string;
  time: number;
}

/**
 * The audit trail of users' accounts: sign-ups, sign-ins, sessions ended, profile changes. Appwrite
 * writes it from each route's `audits.event` label; here the account and users routes record their
 * own events. Newest first, like Appwrite's `getLogsByUser`.
 */
export class AuditLog {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _audit_logs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, user_id TEXT NOT NULL, event TEXT NOT NULL, user_email TEXT NOT NULL,
        user_name TEXT NOT NULL, mode TEXT NOT NULL, ip TEXT NOT NULL, user_agent TEXT NOT NULL, time INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS _audit_logs_user ON _audit_logs(user_id, seq);
    `);
  }

  record(entry: AuditRecord): void {
    this.store.db
      .prepare('INSERT INTO _audit_logs (user_id, event, user_email, user_name, mode, ip, user_agent, time) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(entry.userId, entry.event, entry.userEmail, entry.userName, entry.mode, entry.ip, entry.userAgent, entry.time);
  }

  list(userId: string, limit: number, offset: number): AuditRecord[] {
    const rows = this.store.db
      .prepare('SELECT * FROM _audit_logs WHERE user_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?')
      .all(userId, limit, offset) as AuditRow[];
    return rows.map((row) => ({
      event: row.event,
      userId: row.user_id,
      userEmail: row.user_email,
      userName: row.user_name,
      mode: row.mode,
      ip: row.ip,
      userAgent: row.user_agent,
      time: row.time,
    }));
  }

  count(userId: string): number {
    return (this.store.db.prepare('SELECT COUNT(*) AS n FROM _audit_logs WHERE user_id = ?').get(userId) as { n: number }).n;
  }

  deleteUser(userId: string): void {
    this.store.db.prepare('DELETE FROM _audit_logs WHERE user_id = ?').run(userId);
  }
}

/** The Log model. */
export function logModel(entry: AuditRecord): Record<string, unknown> {
  return {
    event: entry.event,
    userId: entry.userId,
    userEmail: entry.userEmail,
    userName: entry.userName,
    mode: entry.mode,
    userType: 'user',
    ip: entry.ip,
    time: formatDate(entry.time),
    ...detectAgent(entry.userAgent),
    countryCode: '--',
    countryName: 'Unknown',
  };
}
