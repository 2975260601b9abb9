import type { Caller } from '../auth/identity.ts';
import type { RequestContext } from '../http/context.ts';
import { formatDate } from '../models/time.ts';
import { invalidQuery, parseListQueries } from '../queries/list-queries.ts';
import type { Store } from '../store/store.ts';

interface AuditRow {
  event: string;
  user_id: string;
  user_email: string;
  user_name: string;
  user_type: string;
  ip: string;
  time: number;
}

/**
 * The audit trail behind `GET /v1/messaging/{providers,topics,subscribers,messages}/{id}/logs`:
 * one entry per write, as Appwrite's audits worker records them (`provider.create`,
 * `message.update`, …) under the resource `provider/<id>`, `topic/<id>`, … The Log model's device
 * fields stay empty (Appwrite derives them from the user agent) and the country is unknown.
 */
export class MessagingAudit {
  constructor(
    private readonly store: Store,
    private readonly projectId: string,
  ) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _messaging_audit (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, resource TEXT NOT NULL, event TEXT NOT NULL,
        user_id TEXT NOT NULL, user_email TEXT NOT NULL, user_name TEXT NOT NULL, user_type TEXT NOT NULL,
        ip TEXT NOT NULL, time INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS _messaging_audit_resource ON _messaging_audit(resource, seq);
    `);
  }

  record(ctx: RequestContext, event: string, resource: string): void {
    const actor = actorOf(ctx.caller, this.projectId, ctx.hostname);
    this.store.db
      .prepare('INSERT INTO _messaging_audit (resource, event, user_id, user_email, user_name, user_type, ip, time) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(resource, event, actor.id, actor.email, actor.name, actor.type, ctx.clientIp, Date.now());
  }

  /** The logs of one resource, newest first; `queries` take only `limit` and `offset`, as Appwrite's. */
  list(resource: string, rawQueries: readonly unknown[], includeTotal: boolean): { total: number; logs: Array<Record<string, unknown>> } {
    const queries = parseListQueries(rawQueries, {});
    if (queries.cursor) invalidQuery('Invalid query method: cursorAfter');
    const rows = this.store.db
      .prepare('SELECT * FROM _messaging_audit WHERE resource = ? ORDER BY seq DESC LIMIT ? OFFSET ?')
      .all(resource, queries.limit, queries.offset) as AuditRow[];
    const total = includeTotal ? (this.store.db.prepare('SELECT COUNT(*) AS n FROM _messaging_audit WHERE resource = ?').get(resource) as { n: number }).n : 0;
    return { total, logs: rows.map(logModel) };
  }

  forget(resource: string): void {
    this.store.db.prepare('DELETE FROM _messaging_audit WHERE resource = ?').run(resource);
  }
}

function actorOf(caller: Caller, projectId: string, hostname: string): { id: string; email: string; name: string; type: string } {
  if (caller.kind === 'user') return { id: caller.user.id, email: caller.user.email, name: caller.user.name, type: 'user' };
  if (caller.kind === 'key') return { id: '', email: `app.${projectId}@service.${hostname}`, name: '', type: 'keyProject' };
  return { id: '', email: `guest.${projectId}@service.${hostname}`, name: 'Guest', type: 'guest' };
}

function logModel(row: AuditRow): Record<string, unknown> {
  return {
    event: row.event,
    userId: row.user_id,
    userEmail: row.user_email,
    userName: row.user_name,
    mode: 'default',
    userType: row.user_type,
    ip: row.ip,
    time: formatDate(row.time),
    osCode: '',
    osName: '',
    osVersion: '',
    clientType: '',
    clientCode: '',
    clientName: '',
    clientVersion: '',
    clientEngine: '',
    clientEngineVersion: '',
    deviceName: '',
    deviceBrand: '',
    deviceModel: '',
    countryCode: '--',
    countryName: 'Unknown',
  };
}
