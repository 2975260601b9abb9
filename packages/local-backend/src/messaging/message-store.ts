import { errors } from '../http/errors.ts';
import { formatDate } from '../models/time.ts';
import { parseListQueries } from '../queries/list-queries.ts';
import { columnAttributes, searchCondition, selectPage } from '../queries/list-sql.ts';
import type { Store } from '../store/store.ts';
import type { ProviderType } from './provider-kinds.ts';

/** Appwrite's message statuses (Appwrite\Messaging\Status). */
export type MessageStatus = 'draft' | 'scheduled' | 'processing' | 'sent' | 'failed';

export interface MessageRecord {
  id: string;
  providerType: ProviderType;
  status: MessageStatus;
  data: Record<string, unknown>;
  topics: string[];
  users: string[];
  targets: string[];
  scheduledAt: number | null;
  deliveredAt: number | null;
  deliveryErrors: string[];
  deliveredTotal: number;
  createdAt: number;
  updatedAt: number;
}

interface MessageRow {
  id: string;
  provider_type: string;
  status: string;
  data: string;
  topics: string;
  users: string;
  targets: string;
  scheduled_at: number | null;
  delivered_at: number | null;
  delivery_errors: string;
  delivered_total: number;
  created_at: number;
  updated_at: number;
}

/** Messages::ALLOWED_ATTRIBUTES of Appwrite, as columns of `_messaging_messages`. */
const MESSAGE_ATTRIBUTES = columnAttributes({
  scheduledAt: 'datetime',
  deliveredAt: 'datetime',
  deliveredTotal: 'number',
  status: 'string',
  providerType: 'string',
});

function toMessage(row: MessageRow): MessageRecord {
  return {
    id: row.id,
    providerType: row.provider_type as ProviderType,
    status: row.status as MessageStatus,
    data: JSON.parse(row.data) as Record<string, unknown>,
    topics: JSON.parse(row.topics) as string[],
    users: JSON.parse(row.users) as string[],
    targets: JSON.parse(row.targets) as string[],
    scheduledAt: row.scheduled_at,
    deliveredAt: row.delivered_at,
    deliveryErrors: JSON.parse(row.delivery_errors) as string[],
    deliveredTotal: row.delivered_total,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Appwrite's messageSearch filter: id, status, and the subject (e-mail), text (SMS) or title (push), with the type. */
function searchOf(message: MessageRecord): string {
  const data = message.data;
  const main = message.providerType === 'email' ? data.subject : message.providerType === 'sms' ? data.content : data.title;
  return [message.id, message.status, typeof main === 'string' ? main : '', message.providerType].filter(Boolean).join(' ');
}

/** Messages in SQLite (`_messaging_messages`). */
export class Messages {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _messaging_messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, provider_type TEXT NOT NULL, status TEXT NOT NULL,
        data TEXT NOT NULL, topics TEXT NOT NULL, users TEXT NOT NULL, targets TEXT NOT NULL,
        scheduled_at INTEGER, delivered_at INTEGER, delivery_errors TEXT NOT NULL, delivered_total INTEGER NOT NULL,
        search TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS _messaging_messages_status ON _messaging_messages(status, scheduled_at);
    `);
  }

  find(id: string): MessageRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _messaging_messages WHERE id = ?').get(id) as MessageRow | undefined;
    return row && toMessage(row);
  }

  /** Returns undefined when the id is taken. */
  create(input: Omit<MessageRecord, 'createdAt' | 'updatedAt' | 'deliveredAt' | 'deliveryErrors' | 'deliveredTotal'>): MessageRecord | undefined {
    const now = Date.now();
    const record: MessageRecord = { ...input, deliveredAt: null, deliveryErrors: [], deliveredTotal: 0, createdAt: now, updatedAt: now };
    const result = this.store.db
      .prepare(
        `INSERT INTO _messaging_messages (id, provider_type, status, data, topics, users, targets, scheduled_at, delivered_at,
         delivery_errors, delivered_total, search, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, NULL, '[]', 0, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
      )
      .run(
        record.id,
        record.providerType,
        record.status,
        JSON.stringify(record.data),
        JSON.stringify(record.topics),
        JSON.stringify(record.users),
        JSON.stringify(record.targets),
        record.scheduledAt,
        searchOf(record),
        now,
        now,
      );
    return result.changes === 0 ? undefined : this.find(record.id);
  }

  update(message: MessageRecord): MessageRecord {
    this.store.db
      .prepare(
        `UPDATE _messaging_messages SET status = ?, data = ?, topics = ?, users = ?, targets = ?, scheduled_at = ?, delivered_at = ?,
         delivery_errors = ?, delivered_total = ?, search = ?, updated_at = ? WHERE id = ?`,
      )
      .run(
        message.status,
        JSON.stringify(message.data),
        JSON.stringify(message.topics),
        JSON.stringify(message.users),
        JSON.stringify(message.targets),
        message.scheduledAt,
        message.deliveredAt,
        JSON.stringify(message.deliveryErrors),
        message.deliveredTotal,
        searchOf(message),
        Date.now(),
        message.id,
      );
    return this.find(message.id) as MessageRecord;
  }

  delete(id: string): void {
    this.store.db.prepare('DELETE FROM _messaging_messages WHERE id = ?').run(id);
  }

  /** Messages waiting for their time, soonest first (the scheduler's plan). */
  scheduled(): MessageRecord[] {
    return (this.store.db.prepare("SELECT * FROM _messaging_messages WHERE status = 'scheduled' ORDER BY scheduled_at").all() as MessageRow[]).map(toMessage);
  }

  /** Messages a stopped server left in `processing` (queued for the worker but not finished). */
  processing(): MessageRecord[] {
    return (this.store.db.prepare("SELECT * FROM _messaging_messages WHERE status = 'processing' ORDER BY seq").all() as MessageRow[]).map(toMessage);
  }

  list(rawQueries: readonly unknown[], search: string, includeTotal: boolean): { total: number; messages: MessageRecord[] } {
    const searched = searchCondition(search, ['search']);
    const { total, rows } = selectPage<MessageRow>(this.store.db, {
      table: '_messaging_messages',
      conditions: searched ? [searched] : [],
      queries: parseListQueries(rawQueries, MESSAGE_ATTRIBUTES),
      includeTotal,
      cursorRow: (id) => this.store.db.prepare('SELECT * FROM _messaging_messages WHERE id = ?').get(id) as Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Message', id),
    });
    return { total, messages: rows.map(toMessage) };
  }
}

/** Appwrite's Message model, fields in its order. */
export function messageModel(message: MessageRecord): Record<string, unknown> {
  return {
    $id: message.id,
    $createdAt: formatDate(message.createdAt),
    $updatedAt: formatDate(message.updatedAt),
    providerType: message.providerType,
    topics: message.topics,
    users: message.users,
    targets: message.targets,
    scheduledAt: message.scheduledAt === null ? null : formatDate(message.scheduledAt),
    deliveredAt: message.deliveredAt === null ? null : formatDate(message.deliveredAt),
    deliveryErrors: message.deliveryErrors,
    deliveredTotal: message.deliveredTotal,
    data: message.data,
    status: message.status,
  };
}
