import type Database from 'better-sqlite3';

/** User fields the users list can filter or sort on (Appwrite's Users query validator allows these and more). */
export type UserField =
  | 'id'
  | 'email'
  | 'name'
  | 'phone'
  | 'status'
  | 'emailVerification'
  | 'phoneVerification'
  | 'impersonator'
  | 'registration'
  | 'passwordUpdate'
  | 'createdAt'
  | 'updatedAt';

const USER_COLUMNS: Record<UserField, string> = {
  id: 'id',
  email: 'email',
  name: 'name',
  phone: 'phone',
  status: 'status',
  emailVerification: 'email_verification',
  phoneVerification: 'phone_verification',
  impersonator: 'impersonator',
  registration: 'registration',
  passwordUpdate: 'password_update',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
};

/** Fields held as epoch milliseconds; a filter value is an Appwrite datetime. */
const DATE_FIELDS = new Set<UserField>(['registration', 'passwordUpdate', 'createdAt', 'updatedAt']);

export type UserFilter =
  { field: UserField; operator: 'equal' | 'notEqual'; values: Array<string | boolean> } | { field: 'labels'; operator: 'contains'; values: string[] };

export interface UserListOptions {
  filters: UserFilter[];
  search?: string;
  order?: { field: UserField; descending: boolean };
  cursor?: { id: string; direction: 'after' | 'before' };
  limit: number;
  offset: number;
  /** Appwrite's `total=false` skips counting and answers 0. */
  countTotal: boolean;
}

function sqlValue(field: UserField, value: string | boolean): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (DATE_FIELDS.has(field)) {
    const time = Date.parse(value);
    return Number.isNaN(time) ? value : time;
  }
  return value;
}

/**
 * Appwrite's user search is a full-text match on "id email phone name"; a quoted search is one
 * phrase. Here it is a substring match on each of those fields, the quotes of a phrase dropped, so
 * `"ada@example.com"` finds what `ada@example.com` finds.
 */
function searchTerm(search: string): string {
  const trimmed = search.trim();
  const phrase = /^"(.*)"$/s.exec(trimmed);
  return (phrase ? (phrase[1] ?? '') : trimmed).trim();
}

/**
 * The users list endpoint: filters, substring search, one sort field and cursor paging, all in
 * SQL. Ties (and the default order) fall back to creation order, so pages never overlap.
 */
export function findUserRows<Row>(db: Database.Database, options: UserListOptions): { total: number; rows: Row[] } {
  const where: string[] = [];
  const args: unknown[] = [];
  for (const filter of options.filters) {
    if (filter.field === 'labels') {
      where.push(`EXISTS (SELECT 1 FROM json_each(_users.labels) WHERE value IN (${filter.values.map(() => '?').join(', ')}))`);
      args.push(...filter.values);
      continue;
    }
    const field = filter.field;
    const values = filter.values.map((value) => sqlValue(field, value));
    const list = values.map(() => '?').join(', ');
    const column = USER_COLUMNS[field];
    where.push(filter.operator === 'equal' ? `${column} IN (${list})` : `${column} NOT IN (${list})`);
    args.push(...values);
  }
  const term = options.search ? searchTerm(options.search) : '';
  if (term) {
    const like = `%${term.replace(/[%_\\]/g, (match) => `\\${match}`)}%`;
    where.push("(id LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' OR phone LIKE ? ESCAPE '\\')");
    args.push(like, like, like, like);
  }
  const filterSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const total = options.countTotal ? (db.prepare(`SELECT COUNT(*) AS n FROM _users ${filterSql}`).get(...args) as { n: number }).n : 0;

  const column = options.order ? USER_COLUMNS[options.order.field] : 'seq';
  const descending = options.order?.descending ?? false;
  const pageWhere = [...where];
  const pageArgs = [...args];
  let reverse = false;
  if (options.cursor) {
    const anchor = db.prepare(`SELECT ${column} AS value, seq FROM _users WHERE id = ?`).get(options.cursor.id) as { value: unknown; seq: number } | undefined;
    if (!anchor) return { total, rows: [] };
    // "before" pages walk the order backwards from the cursor, then flip back.
    reverse = options.cursor.direction === 'before';
    const forward = descending !== reverse ? '<' : '>';
    pageWhere.push(`(${column} ${forward} ? OR (${column} = ? AND seq ${descending !== reverse ? '<' : '>'} ?))`);
    pageArgs.push(anchor.value, anchor.value, anchor.seq);
  }
  const direction = descending !== reverse ? 'DESC' : 'ASC';
  const pageSql = pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : '';
  const rows = db
    .prepare(`SELECT * FROM _users ${pageSql} ORDER BY ${column} ${direction}, seq ${direction} LIMIT ? OFFSET ?`)
    .all(...pageArgs, options.limit, options.offset) as Row[];
  return { total, rows: reverse ? rows.reverse() : rows };
}
