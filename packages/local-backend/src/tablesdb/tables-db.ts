import type { Database } from 'better-sqlite3';
import type { Services } from '../services.ts';
import type { Store } from '../store/store.ts';
import { BulkRows } from './rows/bulk-rows.ts';
import { ListCache } from './rows/list-cache.ts';
import { RowService } from './rows/row-service.ts';
import { RowStore } from './rows/row-store.ts';
import { Catalog, type TableSchema } from './schema/catalog.ts';
import { defineColumn, type ColumnDef, type ColumnInput, type RelationOptions } from './schema/columns.ts';
import { nowDatetime } from './schema/datetime.ts';
import { defineIndex, type IndexInput } from './schema/indexes.ts';
import { assertIndexLengthFits } from './schema/limits.ts';
import { TransactionStore } from './transactions/transaction-store.ts';
import { Transactions } from './transactions/transactions.ts';
import { errors } from '../http/errors.ts';

/**
 * The TablesDB engine of one server: the schema catalog, the row store, the row operations and
 * transactions. HTTP routes and provisioning both go through it: the server builds one per store
 * and hands it to both as `Services.tablesDb`.
 */
export class TablesDb {
  readonly store: Store;
  readonly rowStore: RowStore;
  readonly catalog: Catalog;
  readonly rows: RowService;
  readonly bulk: BulkRows;
  readonly listCache = new ListCache();
  readonly transactions: Transactions;

  constructor(services: Pick<Services, 'store' | 'bus'>) {
    this.store = services.store;
    this.rowStore = new RowStore(services.store.db);
    this.catalog = new Catalog(services.store, () => this.rowStore.reset());
    this.rows = new RowService(this.rowStore, services.store, services.bus);
    this.bulk = new BulkRows(this.rows, this.rowStore);
    this.transactions = new Transactions(this, new TransactionStore(services.store));
  }

  /** The SQLite database, for SQL of its own (bulk operations of transactions). */
  get database(): Database {
    return this.store.db;
  }

  /** Creates a column after Appwrite's checks (defaults, ranges, sizes, duplicate keys). */
  addColumn(table: TableSchema, input: ColumnInput): { table: TableSchema; column: ColumnDef } {
    const column = defineColumn(input, nowDatetime());
    const updated = this.catalog.addColumn(table, column);
    return { table: updated, column };
  }

  /** Changes a column's settings (and key); shrinking a string column fails if stored values are longer. */
  updateColumn(table: TableSchema, key: string, input: ColumnInput): ColumnDef {
    const old = table.columnsByKey.get(key);
    if (!old) throw errors.columnNotFound(key);
    const column: ColumnDef = { ...defineColumn(input, nowDatetime()), createdAt: old.createdAt };
    if ((column.kind === 'string' || column.kind === 'varchar') && column.size < old.size) {
      if (this.rowStore.hasLongerThan(table, key, column.size)) throw errors.columnInvalidResize();
    }
    if (column.size !== old.size) {
      // utopia checks the indexes over a resized column again (lengths within 768 characters).
      const columns = new Map(table.columns.map((existing) => [existing.key, existing.key === key ? column : existing]));
      for (const index of table.indexes) {
        if (index.columns.includes(key)) assertIndexLengthFits({ key: index.key, type: index.type, columns: index.columns }, index.lengths, columns);
      }
    }
    this.catalog.updateColumn(table, key, column);
    return column;
  }

  /**
   * A relationship column, and with `twoWay` its twin on the related table (Appwrite's
   * createRelationship), in one transaction.
   */
  addRelationship(table: TableSchema, related: TableSchema, key: string, relation: Omit<RelationOptions, 'side'>): ColumnDef {
    const now = nowDatetime();
    const parent = defineColumn({ key, kind: 'relationship', required: false, relation: { ...relation, side: 'parent' } }, now);
    this.catalog.transaction(() => {
      this.catalog.addColumn(table, parent);
      if (!relation.twoWay) return;
      const twin = defineColumn(
        {
          key: relation.twoWayKey,
          kind: 'relationship',
          required: false,
          relation: { ...relation, relatedTable: table.id, twoWayKey: key, side: 'child' },
        },
        now,
      );
      const fresh = this.catalog.getTable(related.database.id, related.id) ?? related;
      this.catalog.addColumn(fresh, twin);
    });
    return parent;
  }

  /** Drops a column; a two-way relationship takes its twin on the related table with it. */
  deleteColumn(table: TableSchema, key: string): void {
    const column = table.columnsByKey.get(key);
    const relation = column?.relation;
    this.catalog.transaction(() => {
      this.catalog.deleteColumn(table, key);
      if (!relation?.twoWay) return;
      const related = this.catalog.getTable(table.database.id, relation.relatedTable);
      if (related?.columnsByKey.get(relation.twoWayKey)?.kind === 'relationship') this.catalog.deleteColumn(related, relation.twoWayKey);
    });
  }

  addIndex(table: TableSchema, input: IndexInput): TableSchema {
    const definition = defineIndex(input, table.columns, table.indexes, nowDatetime());
    return this.catalog.addIndex(table, definition);
  }
}
