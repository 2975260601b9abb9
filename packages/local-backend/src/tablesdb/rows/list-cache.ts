import type { Caller } from '../../auth/identity.ts';
import type { TableSchema } from '../schema/catalog.ts';
import type { RowList } from './row-service.ts';

interface Entry<T> {
  value: T;
  savedAt: number;
}

/**
 * Appwrite's list cache (`listRows` with `ttl`): pages of rows and totals kept in memory per table,
 * schema version (its columns and indexes), caller roles and exact queries, for at most `ttl`
 * seconds. A column or index change starts anew, and so does `updateTable` with `purge`; row
 * writes do not, so a cached page may be stale, as Appwrite documents. The page and the total are
 * cached apart, so a list without `total` can reuse a page listed with it.
 */
export class ListCache {
  private readonly byTable = new Map<number, { schema: string; entries: Map<string, Entry<unknown>> }>();

  /** Forgets every cached list of the table (`updateTable` with `purge: true`). */
  purge(table: TableSchema): void {
    this.byTable.delete(table.seq);
  }

  /** The list, from the cache when fresh; `hit` tells whether its rows came from it. */
  list(
    table: TableSchema,
    caller: Caller,
    queries: unknown,
    includeTotal: boolean,
    ttlSeconds: number,
    read: (total: boolean) => RowList,
  ): RowList & { hit: boolean } {
    const schema = JSON.stringify([table.columns, table.indexes]);
    let cached = this.byTable.get(table.seq);
    if (!cached || cached.schema !== schema) {
      cached = { schema, entries: new Map() };
      this.byTable.set(table.seq, cached);
    }
    const { entries } = cached;
    const key = JSON.stringify([[...caller.roles].sort(), queries ?? []]);
    const now = Date.now();
    const fresh = <T>(field: string): T | undefined => {
      const entry = entries.get(`${key}|${field}`);
      return entry && now - entry.savedAt < ttlSeconds * 1000 ? (entry.value as T) : undefined;
    };
    const cachedRows = fresh<RowList['rows']>('rows');
    let rows = cachedRows;
    let total = includeTotal ? fresh<number>('total') : 0;
    if (rows === undefined || total === undefined) {
      const listed = read(includeTotal && total === undefined);
      if (rows === undefined) {
        rows = listed.rows;
        entries.set(`${key}|rows`, { value: rows, savedAt: now });
      }
      if (total === undefined) {
        total = listed.total;
        entries.set(`${key}|total`, { value: total, savedAt: now });
      }
    }
    return { total, rows, hit: cachedRows !== undefined };
  }
}
