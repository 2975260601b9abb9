import { errors } from '../http/errors.ts';
import { formatDate } from '../models/time.ts';
import { parseListQueries } from '../queries/list-queries.ts';
import { columnAttributes, searchCondition, selectPage, type SqlCondition } from '../queries/list-sql.ts';
import type { Store } from '../store/store.ts';
import type { ProviderType } from './provider-kinds.ts';

export interface TopicRecord {
  id: string;
  name: string;
  subscribe: string[];
  emailTotal: number;
  smsTotal: number;
  pushTotal: number;
  createdAt: number;
  updatedAt: number;
}

export interface SubscriberRecord {
  id: string;
  topicId: string;
  targetId: string;
  userId: string;
  providerType: ProviderType;
  createdAt: number;
  updatedAt: number;
}

interface TopicRow {
  id: string;
  name: string;
  subscribe: string;
  email_total: number;
  sms_total: number;
  push_total: number;
  created_at: number;
  updated_at: number;
}

interface SubscriberRow {
  id: string;
  topic_id: string;
  target_id: string;
  user_id: string;
  provider_type: string;
  created_at: number;
  updated_at: number;
}

/** Topics::ALLOWED_ATTRIBUTES and Subscribers::ALLOWED_ATTRIBUTES of Appwrite, as columns. */
const TOPIC_ATTRIBUTES = columnAttributes({ name: 'string', emailTotal: 'number', smsTotal: 'number', pushTotal: 'number' });
const SUBSCRIBER_ATTRIBUTES = columnAttributes({ targetId: 'string', topicId: 'string', userId: 'string', providerType: 'string' });

/** The topic column counting subscribers of a provider type. */
const TOTAL_COLUMN: Readonly<Record<ProviderType, string>> = { email: 'email_total', sms: 'sms_total', push: 'push_total' };

function toTopic(row: TopicRow): TopicRecord {
  return {
    id: row.id,
    name: row.name,
    subscribe: JSON.parse(row.subscribe) as string[],
    emailTotal: row.email_total,
    smsTotal: row.sms_total,
    pushTotal: row.push_total,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toSubscriber(row: SubscriberRow): SubscriberRecord {
  return {
    id: row.id,
    topicId: row.topic_id,
    targetId: row.target_id,
    userId: row.user_id,
    providerType: row.provider_type as ProviderType,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Topics and their subscribers in SQLite (`_messaging_topics`, `_messaging_subscribers`). A topic
 * counts its subscribers per provider type (`emailTotal`, …) in the same transaction that adds or
 * removes one, as Appwrite increments its counters; one target subscribes to a topic once.
 */
export class Topics {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _messaging_topics (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, subscribe TEXT NOT NULL,
        email_total INTEGER NOT NULL DEFAULT 0, sms_total INTEGER NOT NULL DEFAULT 0, push_total INTEGER NOT NULL DEFAULT 0,
        search TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS _messaging_subscribers (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, topic_id TEXT NOT NULL, target_id TEXT NOT NULL,
        user_id TEXT NOT NULL, provider_type TEXT NOT NULL, search TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
        UNIQUE (topic_id, target_id)
      );
      CREATE INDEX IF NOT EXISTS _messaging_subscribers_target ON _messaging_subscribers(target_id);
    `);
  }

  find(id: string): TopicRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _messaging_topics WHERE id = ?').get(id) as TopicRow | undefined;
    return row && toTopic(row);
  }

  /** Returns undefined when the id is taken. */
  create(id: string, name: string, subscribe: readonly string[]): TopicRecord | undefined {
    const now = Date.now();
    const result = this.store.db
      .prepare('INSERT INTO _messaging_topics (id, name, subscribe, search, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING')
      .run(id, name, JSON.stringify(subscribe), `${id} ${name}`, now, now);
    return result.changes === 0 ? undefined : this.find(id);
  }

  update(topic: TopicRecord): TopicRecord {
    this.store.db
      .prepare('UPDATE _messaging_topics SET name = ?, subscribe = ?, search = ?, updated_at = ? WHERE id = ?')
      .run(topic.name, JSON.stringify(topic.subscribe), `${topic.id} ${topic.name}`, Date.now(), topic.id);
    return this.find(topic.id) as TopicRecord;
  }

  /** Deletes the topic with its subscribers (Appwrite's deletes worker removes them after the topic). */
  delete(id: string): void {
    this.store.transaction(() => {
      this.store.db.prepare('DELETE FROM _messaging_subscribers WHERE topic_id = ?').run(id);
      this.store.db.prepare('DELETE FROM _messaging_topics WHERE id = ?').run(id);
    });
  }

  list(rawQueries: readonly unknown[], search: string, includeTotal: boolean): { total: number; topics: TopicRecord[] } {
    const searched = searchCondition(search, ['search']);
    const { total, rows } = selectPage<TopicRow>(this.store.db, {
      table: '_messaging_topics',
      conditions: searched ? [searched] : [],
      queries: parseListQueries(rawQueries, TOPIC_ATTRIBUTES),
      includeTotal,
      cursorRow: (id) => this.store.db.prepare('SELECT * FROM _messaging_topics WHERE id = ?').get(id) as Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Topic', id),
    });
    return { total, topics: rows.map(toTopic) };
  }

  findSubscriber(id: string): SubscriberRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _messaging_subscribers WHERE id = ?').get(id) as SubscriberRow | undefined;
    return row && toSubscriber(row);
  }

  /**
   * Subscribes a target and counts it on the topic. Answers `duplicate` when the id is taken or the
   * target already subscribes to the topic (both are Appwrite's `subscriber_already_exists`).
   */
  subscribe(input: Omit<SubscriberRecord, 'createdAt' | 'updatedAt'>): SubscriberRecord | 'duplicate' {
    return this.store.transaction(() => {
      const now = Date.now();
      const search = [input.id, input.targetId, input.userId, input.providerType].join(' ');
      const result = this.store.db
        .prepare(
          `INSERT INTO _messaging_subscribers (id, topic_id, target_id, user_id, provider_type, search, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
        )
        .run(input.id, input.topicId, input.targetId, input.userId, input.providerType, search, now, now);
      if (result.changes === 0) return 'duplicate';
      this.store.db
        .prepare(`UPDATE _messaging_topics SET ${TOTAL_COLUMN[input.providerType]} = ${TOTAL_COLUMN[input.providerType]} + 1 WHERE id = ?`)
        .run(input.topicId);
      return this.findSubscriber(input.id) as SubscriberRecord;
    });
  }

  /** Removes a subscriber and uncounts it (never below 0). */
  unsubscribe(subscriber: SubscriberRecord): void {
    this.store.transaction(() => {
      const removed = this.store.db.prepare('DELETE FROM _messaging_subscribers WHERE id = ?').run(subscriber.id);
      if (removed.changes === 0) return;
      const column = TOTAL_COLUMN[subscriber.providerType];
      this.store.db.prepare(`UPDATE _messaging_topics SET ${column} = MAX(${column} - 1, 0) WHERE id = ?`).run(subscriber.topicId);
    });
  }

  /** Removes every subscription of a target that is being deleted. */
  unsubscribeTarget(targetId: string): void {
    const rows = this.store.db.prepare('SELECT * FROM _messaging_subscribers WHERE target_id = ?').all(targetId) as SubscriberRow[];
    for (const row of rows) this.unsubscribe(toSubscriber(row));
  }

  /** Target ids subscribed to the topics with the given provider type, in subscription order (a message's `topics`). */
  subscribedTargets(topicIds: readonly string[], type: ProviderType): string[] {
    if (topicIds.length === 0) return [];
    const rows = this.store.db
      .prepare(`SELECT target_id FROM _messaging_subscribers WHERE provider_type = ? AND topic_id IN (${topicIds.map(() => '?').join(', ')}) ORDER BY seq`)
      .all(type, ...topicIds) as Array<{ target_id: string }>;
    return rows.map((row) => row.target_id);
  }

  /**
   * A page of a topic's subscribers. `onlyUserId` limits it to one user's, the subscribers a signed-in
   * user may read (Appwrite gives each subscriber read permission for its target's user only).
   */
  listSubscribers(
    topicId: string,
    options: { rawQueries: readonly unknown[]; search: string; includeTotal: boolean; onlyUserId?: string },
  ): { total: number; subscribers: SubscriberRecord[] } {
    const conditions: SqlCondition[] = [{ sql: 'topic_id = ?', params: [topicId] }];
    if (options.onlyUserId !== undefined) conditions.push({ sql: 'user_id = ?', params: [options.onlyUserId] });
    const searched = searchCondition(options.search, ['search']);
    if (searched) conditions.push(searched);
    const { total, rows } = selectPage<SubscriberRow>(this.store.db, {
      table: '_messaging_subscribers',
      conditions,
      queries: parseListQueries(options.rawQueries, SUBSCRIBER_ATTRIBUTES),
      includeTotal: options.includeTotal,
      cursorRow: (id) => this.store.db.prepare('SELECT * FROM _messaging_subscribers WHERE id = ?').get(id) as Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Subscriber', id),
    });
    return { total, subscribers: rows.map(toSubscriber) };
  }
}

/** Appwrite's Topic model, fields in its order. */
export function topicModel(topic: TopicRecord): Record<string, unknown> {
  return {
    $id: topic.id,
    $createdAt: formatDate(topic.createdAt),
    $updatedAt: formatDate(topic.updatedAt),
    name: topic.name,
    emailTotal: topic.emailTotal,
    smsTotal: topic.smsTotal,
    pushTotal: topic.pushTotal,
    subscribe: topic.subscribe,
  };
}
