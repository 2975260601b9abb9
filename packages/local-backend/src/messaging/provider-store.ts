import { errors } from '../http/errors.ts';
import { formatDate } from '../models/time.ts';
import { parseListQueries } from '../queries/list-queries.ts';
import { columnAttributes, searchCondition, selectPage } from '../queries/list-sql.ts';
import type { Store } from '../store/store.ts';
import type { ProviderSettings, ProviderType } from './provider-kinds.ts';

export interface ProviderRecord extends ProviderSettings {
  id: string;
  name: string;
  provider: string;
  type: ProviderType;
  enabled: boolean;
  createdAt: number;
  updatedAt: number;
}

interface ProviderRow {
  id: string;
  name: string;
  provider: string;
  type: string;
  enabled: number;
  credentials: string;
  options: string;
  created_at: number;
  updated_at: number;
}

/** Providers::ALLOWED_ATTRIBUTES of Appwrite, as columns of `_messaging_providers`. */
const PROVIDER_ATTRIBUTES = columnAttributes({ name: 'string', provider: 'string', type: 'string', enabled: 'boolean' });

function toProvider(row: ProviderRow): ProviderRecord {
  return {
    id: row.id,
    name: row.name,
    provider: row.provider,
    type: row.type as ProviderType,
    enabled: row.enabled === 1,
    credentials: JSON.parse(row.credentials) as Record<string, unknown>,
    options: JSON.parse(row.options) as Record<string, unknown>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Messaging providers in SQLite (`_messaging_providers`); credentials are kept as given, like Appwrite's encrypted column read back. */
export class Providers {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _messaging_providers (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, provider TEXT NOT NULL,
        type TEXT NOT NULL, enabled INTEGER NOT NULL, credentials TEXT NOT NULL, options TEXT NOT NULL,
        search TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
      );
    `);
  }

  find(id: string): ProviderRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _messaging_providers WHERE id = ?').get(id) as ProviderRow | undefined;
    return row && toProvider(row);
  }

  /** Returns undefined when the id is taken. */
  create(input: Omit<ProviderRecord, 'createdAt' | 'updatedAt'>): ProviderRecord | undefined {
    const now = Date.now();
    const result = this.store.db
      .prepare(
        `INSERT INTO _messaging_providers (id, name, provider, type, enabled, credentials, options, search, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING`,
      )
      .run(
        input.id,
        input.name,
        input.provider,
        input.type,
        input.enabled ? 1 : 0,
        JSON.stringify(input.credentials),
        JSON.stringify(input.options),
        searchOf(input),
        now,
        now,
      );
    return result.changes === 0 ? undefined : this.find(input.id);
  }

  update(record: ProviderRecord): ProviderRecord {
    this.store.db
      .prepare('UPDATE _messaging_providers SET name = ?, enabled = ?, credentials = ?, options = ?, search = ?, updated_at = ? WHERE id = ?')
      .run(record.name, record.enabled ? 1 : 0, JSON.stringify(record.credentials), JSON.stringify(record.options), searchOf(record), Date.now(), record.id);
    return this.find(record.id) as ProviderRecord;
  }

  delete(id: string): void {
    this.store.db.prepare('DELETE FROM _messaging_providers WHERE id = ?').run(id);
  }

  /** The provider Appwrite's worker sends through when a target names none: the first enabled one of the type. */
  firstEnabled(type: ProviderType): ProviderRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _messaging_providers WHERE type = ? AND enabled = 1 ORDER BY seq LIMIT 1').get(type) as
      ProviderRow | undefined;
    return row && toProvider(row);
  }

  anyOfType(type: ProviderType): boolean {
    return this.store.db.prepare('SELECT 1 FROM _messaging_providers WHERE type = ? LIMIT 1').get(type) !== undefined;
  }

  list(rawQueries: readonly unknown[], search: string, includeTotal: boolean): { total: number; providers: ProviderRecord[] } {
    const searched = searchCondition(search, ['search']);
    const { total, rows } = selectPage<ProviderRow>(this.store.db, {
      table: '_messaging_providers',
      conditions: searched ? [searched] : [],
      queries: parseListQueries(rawQueries, PROVIDER_ATTRIBUTES),
      includeTotal,
      cursorRow: (id) => this.store.db.prepare('SELECT * FROM _messaging_providers WHERE id = ?').get(id) as Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Provider', id),
    });
    return { total, providers: rows.map(toProvider) };
  }
}

/** Appwrite's providerSearch filter: id, name, provider and type. */
function searchOf(provider: Pick<ProviderRecord, 'id' | 'name' | 'provider' | 'type'>): string {
  return [provider.id, provider.name, provider.provider, provider.type].filter(Boolean).join(' ');
}

/** PHP encodes an empty associative array as `[]`, so an empty credentials or options object reads `[]` on Appwrite. */
export function phpMap(value: Record<string, unknown>): Record<string, unknown> | never[] {
  return Object.keys(value).length === 0 ? [] : value;
}

/** Appwrite's Provider model, fields in its order. */
export function providerModel(provider: ProviderRecord): Record<string, unknown> {
  return {
    $id: provider.id,
    $createdAt: formatDate(provider.createdAt),
    $updatedAt: formatDate(provider.updatedAt),
    name: provider.name,
    provider: provider.provider,
    enabled: provider.enabled,
    type: provider.type,
    credentials: phpMap(provider.credentials),
    options: phpMap(provider.options),
  };
}
