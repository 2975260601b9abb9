import type { ColumnDef } from './columns.ts';
import { isStringKind } from './columns.ts';

/**
 * How an Appwrite table lives in SQLite: one real table per Appwrite table (`_tablesdb_t<seq>`)
 * with one real column per Appwrite column, internal columns for the system fields, a side table
 * of row permissions, one SQLite index per key/unique index and one FTS5 table per fulltext index.
 *
 * String columns use `COLLATE NOCASE`: Appwrite's MariaDB default collation is case-insensitive,
 * so equality, ordering, unique indexes and prefix matching ignore ASCII case here too. `$id`
 * stays case-sensitive (binary) as ids are compared exactly.
 */

export interface PhysicalIndex {
  seq: number;
  type: 'key' | 'unique' | 'fulltext';
  columns: string[];
  orders: Array<string | null>;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function rowTableName(tableSeq: number): string {
  return `_tablesdb_t${tableSeq}`;
}

export function permsTableName(tableSeq: number): string {
  return `_tablesdb_t${tableSeq}_perms`;
}

export function ftsTableName(tableSeq: number, indexSeq: number): string {
  return `_tablesdb_t${tableSeq}_fts${indexSeq}`;
}

function indexName(tableSeq: number, indexSeq: number): string {
  return `_tablesdb_t${tableSeq}_i${indexSeq}`;
}

/** System attributes that filters, orders and indexes may name, mapped to their internal columns. */
export const SYSTEM_COLUMNS: Readonly<Record<string, string>> = {
  $id: '_id',
  $sequence: '_seq',
  $createdAt: '_createdAt',
  $updatedAt: '_updatedAt',
};

/** The SQL expression naming an Appwrite attribute (user column or system attribute). */
export function columnIdent(attribute: string): string {
  return SYSTEM_COLUMNS[attribute] ?? quoteIdent(attribute);
}

export function columnSqlType(column: ColumnDef): string {
  if (column.array) return 'TEXT';
  if (column.kind === 'integer' || column.kind === 'boolean') return 'INTEGER';
  if (column.kind === 'float') return 'REAL';
  if (column.kind === 'datetime') return 'TEXT';
  return isStringKind(column.kind) ? 'TEXT COLLATE NOCASE' : 'TEXT';
}

export function createRowTableSql(tableSeq: number, columns: readonly ColumnDef[]): string[] {
  const table = quoteIdent(rowTableName(tableSeq));
  const perms = quoteIdent(permsTableName(tableSeq));
  const userColumns = columns.map((column) => `, ${quoteIdent(column.key)} ${columnSqlType(column)}`).join('');
  return [
    `CREATE TABLE ${table} (_seq INTEGER PRIMARY KEY AUTOINCREMENT, _id TEXT NOT NULL UNIQUE, _createdAt TEXT NOT NULL, _updatedAt TEXT NOT NULL, _permissions TEXT NOT NULL DEFAULT '[]'${userColumns})`,
    `CREATE INDEX ${quoteIdent(`${rowTableName(tableSeq)}_created`)} ON ${table} (_createdAt)`,
    `CREATE INDEX ${quoteIdent(`${rowTableName(tableSeq)}_updated`)} ON ${table} (_updatedAt)`,
    // Primary key serves "may this caller read row N" probes; the role index serves "rows role R may read".
    `CREATE TABLE ${perms} (rowSeq INTEGER NOT NULL, action TEXT NOT NULL, role TEXT NOT NULL, PRIMARY KEY (rowSeq, action, role)) WITHOUT ROWID`,
    `CREATE INDEX ${quoteIdent(`${permsTableName(tableSeq)}_role`)} ON ${perms} (role, action, rowSeq)`,
  ];
}

export function dropRowTableSql(tableSeq: number, indexes: readonly PhysicalIndex[]): string[] {
  return [
    ...indexes.filter((index) => index.type === 'fulltext').flatMap((index) => dropIndexSql(tableSeq, index)),
    `DROP TABLE IF EXISTS ${quoteIdent(rowTableName(tableSeq))}`,
    `DROP TABLE IF EXISTS ${quoteIdent(permsTableName(tableSeq))}`,
  ];
}

export function addColumnSql(tableSeq: number, column: ColumnDef): string {
  return `ALTER TABLE ${quoteIdent(rowTableName(tableSeq))} ADD COLUMN ${quoteIdent(column.key)} ${columnSqlType(column)}`;
}

export function dropColumnSql(tableSeq: number, key: string): string {
  return `ALTER TABLE ${quoteIdent(rowTableName(tableSeq))} DROP COLUMN ${quoteIdent(key)}`;
}

function triggerName(tableSeq: number, indexSeq: number, event: string): string {
  return quoteIdent(`${ftsTableName(tableSeq, indexSeq)}_${event}`);
}

/**
 * A key/unique index is a SQLite index; a fulltext index is an external-content FTS5 table over the
 * row table, kept in sync by triggers so every write path (and increments) updates it.
 */
export function createIndexSql(tableSeq: number, index: PhysicalIndex): string[] {
  const table = quoteIdent(rowTableName(tableSeq));
  if (index.type !== 'fulltext') {
    const parts = index.columns.map((column, i) => {
      const order = (index.orders[i] ?? '').toUpperCase();
      return `${columnIdent(column)}${order === 'DESC' ? ' DESC' : order === 'ASC' ? ' ASC' : ''}`;
    });
    return [`CREATE ${index.type === 'unique' ? 'UNIQUE ' : ''}INDEX ${quoteIdent(indexName(tableSeq, index.seq))} ON ${table} (${parts.join(', ')})`];
  }
  const fts = quoteIdent(ftsTableName(tableSeq, index.seq));
  const ftsColumns = index.columns.map(columnIdent);
  const names = ftsColumns.join(', ');
  const newValues = ftsColumns.map((column) => `new.${column}`).join(', ');
  const oldValues = ftsColumns.map((column) => `old.${column}`).join(', ');
  const changedColumns = ftsColumns.join(', ');
  return [
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${names}, content=${quoteIdent(rowTableName(tableSeq))}, content_rowid='_seq', tokenize='unicode61 remove_diacritics 2')`,
    `CREATE TRIGGER ${triggerName(tableSeq, index.seq, 'ai')} AFTER INSERT ON ${table} BEGIN INSERT INTO ${fts} (rowid, ${names}) VALUES (new._seq, ${newValues}); END`,
    `CREATE TRIGGER ${triggerName(tableSeq, index.seq, 'ad')} AFTER DELETE ON ${table} BEGIN INSERT INTO ${fts} (${fts}, rowid, ${names}) VALUES ('delete', old._seq, ${oldValues}); END`,
    `CREATE TRIGGER ${triggerName(tableSeq, index.seq, 'au')} AFTER UPDATE OF ${changedColumns} ON ${table} BEGIN INSERT INTO ${fts} (${fts}, rowid, ${names}) VALUES ('delete', old._seq, ${oldValues}); INSERT INTO ${fts} (rowid, ${names}) VALUES (new._seq, ${newValues}); END`,
    `INSERT INTO ${fts} (${fts}) VALUES ('rebuild')`,
  ];
}

export function dropIndexSql(tableSeq: number, index: PhysicalIndex): string[] {
  if (index.type !== 'fulltext') return [`DROP INDEX IF EXISTS ${quoteIdent(indexName(tableSeq, index.seq))}`];
  return [
    ...['ai', 'ad', 'au'].map((event) => `DROP TRIGGER IF EXISTS ${triggerName(tableSeq, index.seq, event)}`),
    `DROP TABLE IF EXISTS ${quoteIdent(ftsTableName(tableSeq, index.seq))}`,
  ];
}
