import type { Database } from 'better-sqlite3';
import { errors } from '../../http/errors.ts';
import type { Store } from '../../store/store.ts';
import type { ColumnDef } from './columns.ts';
import { nowDatetime } from './datetime.ts';
import type { IndexDef } from './indexes.ts';
import { assertColumnFits, assertIndexCountFits, assertResizeFits } from './limits.ts';
import {
  addColumnSql,
  createIndexSql,
  createRowTableSql,
  dropColumnSql,
  dropIndexSql,
  dropRowTableSql,
  permsTableName,
  quoteIdent,
  rowTableName,
} from './physical.ts';

/** Which API created a database (Appwrite's Database model `type`): both APIs reach both kinds. */
export type DatabaseType = 'tablesdb' | 'legacy';

export interface DatabaseRecord {
  seq: number;
  id: string;
  name: string;
  enabled: boolean;
  type: DatabaseType;
  createdAt: string;
  updatedAt: string;
}

/** A table with its schema, as one immutable snapshot; replaced (never mutated) on every change. */
export interface TableSchema {
  seq: number;
  database: DatabaseRecord;
  id: string;
  name: string;
  enabled: boolean;
  rowSecurity: boolean;
  permissions: string[];
  createdAt: string;
  updatedAt: string;
  columns: ColumnDef[];
  columnsByKey: ReadonlyMap<string, ColumnDef>;
  indexes: IndexDef[];
  /** Quoted SQLite names of the row table and its permission side table. */
  sqlTable: string;
  sqlPerms: string;
}

interface DatabaseRow {
  seq: number;
  id: string;
  name: string;
  enabled: number;
  type: string | null;
  createdAt: string;
  updatedAt: string;
}
interface TableRow {
  seq: number;
  databaseSeq: number;
  id: string;
  name: string;
  enabled: number;
  rowSecurity: number;
  permissions: string;
  createdAt: string;
  updatedAt: string;
}

const MIGRATION = `
CREATE TABLE IF NOT EXISTS _tablesdb_databases (seq INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, name TEXT NOT NULL,
  enabled INTEGER NOT NULL, createdAt TEXT NOT NULL, updatedAt TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS _tablesdb_tables (seq INTEGER PRIMARY KEY AUTOINCREMENT, databaseSeq INTEGER NOT NULL, id TEXT NOT NULL,
  name TEXT NOT NULL, enabled INTEGER NOT NULL, rowSecurity INTEGER NOT NULL, permissions TEXT NOT NULL, createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL, UNIQUE (databaseSeq, id));
CREATE TABLE IF NOT EXISTS _tablesdb_columns (tableSeq INTEGER NOT NULL, key TEXT NOT NULL COLLATE NOCASE, position INTEGER NOT NULL,
  definition TEXT NOT NULL, PRIMARY KEY (tableSeq, key));
CREATE TABLE IF NOT EXISTS _tablesdb_indexes (seq INTEGER PRIMARY KEY AUTOINCREMENT, tableSeq INTEGER NOT NULL, key TEXT NOT NULL,
  definition TEXT NOT NULL, UNIQUE (tableSeq, key));
`;

function toDatabase(row: DatabaseRow): DatabaseRecord {
  return {
    seq: row.seq,
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    type: row.type === 'legacy' ? 'legacy' : 'tablesdb',
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * The metadata of databases, tables, columns and indexes (`_tablesdb_*`) and the DDL that keeps
 * the physical row tables in step. Table snapshots are cached: this process is the only writer.
 */
export class Catalog {
  private readonly db: Database;
  private readonly tables = new Map<string, TableSchema>();

  /** `onChange` runs after every schema change (the row store drops its prepared statements). */
  constructor(
    private readonly store: Store,
    private readonly onChange: () => void = () => {},
  ) {
    this.db = store.db;
    store.migrate(MIGRATION);
    // Added after the first release: databases created before it are TablesDB ones.
    const databaseColumns = this.db.prepare('PRAGMA table_info(_tablesdb_databases)').all() as Array<{ name: string }>;
    if (!databaseColumns.some((column) => column.name === 'type')) store.migrate('ALTER TABLE _tablesdb_databases ADD COLUMN type TEXT');
  }

  /** Runs `work` atomically; on failure the snapshots cached meanwhile may describe rolled-back DDL, so they go. */
  transaction<T>(work: () => T): T {
    try {
      return this.store.transaction(work);
    } catch (error) {
      this.changed();
      throw error;
    }
  }

  private changed(): void {
    this.tables.clear();
    this.onChange();
  }

  private exec(statements: readonly string[]): void {
    for (const sql of statements) this.db.exec(sql);
  }

  // Databases

  getDatabase(id: string): DatabaseRecord | undefined {
    const row = this.db.prepare('SELECT * FROM _tablesdb_databases WHERE id = ?').get(id) as DatabaseRow | undefined;
    return row && toDatabase(row);
  }

  listDatabases(): DatabaseRecord[] {
    return (this.db.prepare('SELECT * FROM _tablesdb_databases ORDER BY seq').all() as DatabaseRow[]).map(toDatabase);
  }

  createDatabase(input: { id: string; name: string; enabled: boolean; type?: DatabaseType }): DatabaseRecord {
    if (this.getDatabase(input.id)) throw errors.databaseAlreadyExists(input.id);
    const now = nowDatetime();
    this.db
      .prepare('INSERT INTO _tablesdb_databases (id, name, enabled, type, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?)')
      .run(input.id, input.name, input.enabled ? 1 : 0, input.type ?? 'tablesdb', now, now);
    this.changed();
    return this.getDatabase(input.id) as DatabaseRecord;
  }

  updateDatabase(database: DatabaseRecord, changes: { name: string; enabled: boolean }): DatabaseRecord {
    this.db
      .prepare('UPDATE _tablesdb_databases SET name = ?, enabled = ?, updatedAt = ? WHERE seq = ?')
      .run(changes.name, changes.enabled ? 1 : 0, nowDatetime(), database.seq);
    this.changed();
    return this.getDatabase(database.id) as DatabaseRecord;
  }

  deleteDatabase(database: DatabaseRecord): void {
    this.transaction(() => {
      for (const table of this.listTables(database)) this.dropTable(table);
      this.db.prepare('DELETE FROM _tablesdb_databases WHERE seq = ?').run(database.seq);
    });
    this.changed();
  }

  // Tables

  getTable(databaseId: string, tableId: string): TableSchema | undefined {
    const cacheKey = `${databaseId}\u0000${tableId}`;
    const cached = this.tables.get(cacheKey);
    if (cached) return cached;
    const database = this.getDatabase(databaseId);
    if (!database) return undefined;
    const row = this.db.prepare('SELECT * FROM _tablesdb_tables WHERE databaseSeq = ? AND id = ?').get(database.seq, tableId) as TableRow | undefined;
    if (!row) return undefined;
    const schema = this.load(database, row);
    this.tables.set(cacheKey, schema);
    return schema;
  }

  listTables(database: DatabaseRecord): TableSchema[] {
    const rows = this.db.prepare('SELECT * FROM _tablesdb_tables WHERE databaseSeq = ? ORDER BY seq').all(database.seq) as TableRow[];
    return rows.map((row) => this.getTable(database.id, row.id) ?? this.load(database, row));
  }

  private load(database: DatabaseRecord, row: TableRow): TableSchema {
    const columns = (
      this.db.prepare('SELECT definition FROM _tablesdb_columns WHERE tableSeq = ? ORDER BY position').all(row.seq) as Array<{ definition: string }>
    ).map((entry) => JSON.parse(entry.definition) as ColumnDef);
    const indexes = (
      this.db.prepare('SELECT seq, definition FROM _tablesdb_indexes WHERE tableSeq = ? ORDER BY seq').all(row.seq) as Array<{
        seq: number;
        definition: string;
      }>
    ).map((entry) => ({ ...(JSON.parse(entry.definition) as Omit<IndexDef, 'seq'>), seq: entry.seq }));
    return {
      seq: row.seq,
      database,
      id: row.id,
      name: row.name,
      enabled: row.enabled === 1,
      rowSecurity: row.rowSecurity === 1,
      permissions: JSON.parse(row.permissions) as string[],
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      columns,
      columnsByKey: new Map(columns.map((column) => [column.key, column])),
      indexes,
      sqlTable: quoteIdent(rowTableName(row.seq)),
      sqlPerms: quoteIdent(permsTableName(row.seq)),
    };
  }

  createTable(database: DatabaseRecord, input: { id: string; name: string; permissions: string[]; rowSecurity: boolean; enabled: boolean }): TableSchema {
    if (this.getTable(database.id, input.id)) throw errors.tableAlreadyExists(input.id);
    const now = nowDatetime();
    this.transaction(() => {
      const { lastInsertRowid } = this.db
        .prepare(
          'INSERT INTO _tablesdb_tables (databaseSeq, id, name, enabled, rowSecurity, permissions, createdAt, updatedAt) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(database.seq, input.id, input.name, input.enabled ? 1 : 0, input.rowSecurity ? 1 : 0, JSON.stringify(input.permissions), now, now);
      this.exec(createRowTableSql(Number(lastInsertRowid), []));
    });
    this.changed();
    return this.getTable(database.id, input.id) as TableSchema;
  }

  updateTable(table: TableSchema, changes: { name: string; permissions: string[]; rowSecurity: boolean; enabled: boolean }): TableSchema {
    this.db
      .prepare('UPDATE _tablesdb_tables SET name = ?, permissions = ?, rowSecurity = ?, enabled = ?, updatedAt = ? WHERE seq = ?')
      .run(changes.name, JSON.stringify(changes.permissions), changes.rowSecurity ? 1 : 0, changes.enabled ? 1 : 0, nowDatetime(), table.seq);
    this.changed();
    return this.getTable(table.database.id, table.id) as TableSchema;
  }

  deleteTable(table: TableSchema): void {
    this.transaction(() => this.dropTable(table));
    this.changed();
  }

  private dropTable(table: TableSchema): void {
    this.exec(dropRowTableSql(table.seq, table.indexes));
    this.db.prepare('DELETE FROM _tablesdb_columns WHERE tableSeq = ?').run(table.seq);
    this.db.prepare('DELETE FROM _tablesdb_indexes WHERE tableSeq = ?').run(table.seq);
    this.db.prepare('DELETE FROM _tablesdb_tables WHERE seq = ?').run(table.seq);
  }

  // Columns

  /** Adds a column after Appwrite's limits (column count, row width), then its duplicate-key check. */
  addColumn(table: TableSchema, column: ColumnDef): TableSchema {
    assertColumnFits(table.id, table.columns, column);
    if (table.columns.some((existing) => existing.key.toLowerCase() === column.key.toLowerCase())) throw errors.columnAlreadyExists(column.key);
    this.transaction(() => {
      this.db
        .prepare(
          'INSERT INTO _tablesdb_columns (tableSeq, key, position, definition) VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM _tablesdb_columns WHERE tableSeq = ?), ?)',
        )
        .run(table.seq, column.key, table.seq, JSON.stringify(column));
      this.db.exec(addColumnSql(table.seq, column));
    });
    this.changed();
    return this.getTable(table.database.id, table.id) as TableSchema;
  }

  /** Replaces a column definition; a new key renames the SQLite column and the indexes naming it. */
  updateColumn(table: TableSchema, oldKey: string, column: ColumnDef): TableSchema {
    assertResizeFits(table.id, table.columns, oldKey, column);
    this.transaction(() => {
      if (column.key !== oldKey) {
        if (table.columns.some((existing) => existing.key !== oldKey && existing.key.toLowerCase() === column.key.toLowerCase()))
          throw errors.columnAlreadyExists(column.key);
        const affected = table.indexes.filter((index) => index.columns.includes(oldKey));
        for (const index of affected) this.exec(dropIndexSql(table.seq, index));
        this.db.exec(`ALTER TABLE ${table.sqlTable} RENAME COLUMN ${quoteIdent(oldKey)} TO ${quoteIdent(column.key)}`);
        for (const index of affected) {
          const renamed: IndexDef = { ...index, columns: index.columns.map((key) => (key === oldKey ? column.key : key)) };
          this.saveIndex(table, renamed);
          this.exec(createIndexSql(table.seq, renamed));
        }
      }
      this.db
        .prepare('UPDATE _tablesdb_columns SET key = ?, definition = ? WHERE tableSeq = ? AND key = ?')
        .run(column.key, JSON.stringify(column), table.seq, oldKey);
    });
    this.changed();
    return this.getTable(table.database.id, table.id) as TableSchema;
  }

  /** Drops a column; like Appwrite it leaves the indexes that named it with their other columns. */
  deleteColumn(table: TableSchema, key: string): TableSchema {
    this.transaction(() => {
      for (const index of table.indexes.filter((candidate) => candidate.columns.includes(key))) {
        this.exec(dropIndexSql(table.seq, index));
        const remaining = index.columns.filter((column) => column !== key);
        if (remaining.length === 0) {
          this.db.prepare('DELETE FROM _tablesdb_indexes WHERE seq = ?').run(index.seq);
          continue;
        }
        const position = index.columns.indexOf(key);
        const reduced: IndexDef = {
          ...index,
          columns: remaining,
          orders: index.orders.filter((_, i) => i !== position),
          lengths: index.lengths.filter((_, i) => i !== position),
        };
        this.saveIndex(table, reduced);
        this.exec(createIndexSql(table.seq, reduced));
      }
      this.db.exec(dropColumnSql(table.seq, key));
      this.db.prepare('DELETE FROM _tablesdb_columns WHERE tableSeq = ? AND key = ?').run(table.seq, key);
    });
    this.changed();
    return this.getTable(table.database.id, table.id) as TableSchema;
  }

  // Indexes

  private saveIndex(table: TableSchema, index: IndexDef): void {
    const { seq, ...definition } = index;
    this.db.prepare('UPDATE _tablesdb_indexes SET definition = ? WHERE seq = ? AND tableSeq = ?').run(JSON.stringify(definition), seq, table.seq);
  }

  /** Creates the index; a unique index over duplicate values fails like Appwrite's index worker would. */
  addIndex(table: TableSchema, definition: Omit<IndexDef, 'seq'>): TableSchema {
    assertIndexCountFits(table.id, table.indexes);
    this.transaction(() => {
      const { lastInsertRowid } = this.db
        .prepare('INSERT INTO _tablesdb_indexes (tableSeq, key, definition) VALUES (?, ?, ?)')
        .run(table.seq, definition.key, JSON.stringify(definition));
      try {
        this.exec(createIndexSql(table.seq, { ...definition, seq: Number(lastInsertRowid) }));
      } catch (error) {
        if (error instanceof Error && /UNIQUE constraint failed/.test(error.message)) {
          throw errors.columnIndexInvalid('Duplicate values exist for the columns of this unique index.');
        }
        throw error;
      }
    });
    this.changed();
    return this.getTable(table.database.id, table.id) as TableSchema;
  }

  deleteIndex(table: TableSchema, index: IndexDef): TableSchema {
    this.transaction(() => {
      this.exec(dropIndexSql(table.seq, index));
      this.db.prepare('DELETE FROM _tablesdb_indexes WHERE seq = ?').run(index.seq);
    });
    this.changed();
    return this.getTable(table.database.id, table.id) as TableSchema;
  }
}
