import { createHash } from 'node:crypto';
import {
  DATABASE_ID,
  TABLES,
  type AlertColumns,
  type DigestSubscriptionColumns,
  type NotificationColumns,
  type SavedPostingColumns,
} from '@opportunity-kit/sdk/domain';
import { Permission, Query, Role, type Models } from 'node-appwrite';
import { hasStatus } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';

/**
 * The rows of saved postings, saved searches and notifications (issue 17), shared by the `commands`
 * routes and the `alerts` function that matches postings and sends the digest.
 */

export type SavedPostingRow = Models.Row & SavedPostingColumns;
/** `keysVersion`: the version of the index the search is filed under (`alert-keys.ts`), null before issue 27. */
export type AlertRow = Models.Row & AlertColumns & { keysVersion?: number | null };
export type NotificationRow = Models.Row & NotificationColumns;
export type DigestSubscriptionRow = Models.Row & DigestSubscriptionColumns;

/** A student's own row: only they read it; every write goes through the server. */
export function studentOnlyPermissions(studentId: string): string[] {
  return [Permission.read(Role.user(studentId))];
}

/**
 * A row id derived from what the row is about (a valid Appwrite id: 32 hex characters), so writing the
 * same fact twice lands on the same row: a posting saved twice is one saved row, and an event that
 * runs twice (triggers run at least once) notifies once.
 */
export function derivedRowId(...parts: readonly string[]): string {
  return createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('hex').slice(0, 32);
}

/** Creates the notification unless one with its id exists; answers whether it was new. */
export async function notifyOnce(api: ServerApi, rowId: string, columns: NotificationColumns): Promise<boolean> {
  try {
    await api.tables.createRow<NotificationRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.notifications,
      rowId,
      data: columns,
      permissions: studentOnlyPermissions(columns.studentId),
    });
    return true;
  } catch (thrown) {
    if (hasStatus(thrown, 409)) return false;
    throw thrown;
  }
}

/** Ids per `Query.equal('$id', …)`: a list request carries its queries in its URL, which servers keep under 8 KB. */
export const IDS_PER_QUERY = 100;

/** Rows per page when reading every row: large pages are few requests (Appwrite allows up to 5,000). */
const ROWS_PER_PAGE = 1000;

/** Every row of a table that `queries` select, page by page (ordered by id, so a page boundary never skips one). */
export async function allRows<Row extends Models.Row>(api: ServerApi, tableId: string, queries: readonly string[] = []): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await api.tables.listRows<Row>({
      databaseId: DATABASE_ID,
      tableId,
      queries: [...queries, Query.orderAsc('$id'), Query.limit(ROWS_PER_PAGE), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
      total: false,
    });
    rows.push(...page.rows);
    if (page.rows.length < ROWS_PER_PAGE) return rows;
    cursor = page.rows.at(-1)?.$id;
  }
}

/** The rows with these ids (unknown ids are left out), a hundred ids per request; `queries` narrow the columns. */
export async function rowsByIds<Row extends Models.Row>(
  api: ServerApi,
  tableId: string,
  ids: readonly string[],
  queries: readonly string[] = [],
): Promise<Row[]> {
  const rows: Row[] = [];
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += IDS_PER_QUERY) {
    const chunk = unique.slice(start, start + IDS_PER_QUERY);
    const page = await api.tables.listRows<Row>({
      databaseId: DATABASE_ID,
      tableId,
      queries: [Query.equal('$id', chunk), ...queries, Query.limit(chunk.length)],
      total: false,
    });
    rows.push(...page.rows);
  }
  return rows;
}

/** A notification to write, with the id derived from what it is about. */
export interface PendingNotice {
  rowId: string;
  columns: NotificationColumns;
}

/** Rows per bulk create: a large batch is one request and one transaction. */
const NOTICES_PER_REQUEST = 500;

/**
 * Creates the notifications whose ids are not among `existing` (those the caller has just read), many
 * per request (a posting may match thousands of saved searches, issue 27), and answers those it
 * created. A batch that meets a notice written a moment ago by another run (the whole batch is
 * refused) is written one by one instead.
 */
export async function notifyMany(api: ServerApi, notices: readonly PendingNotice[], existing: ReadonlySet<string>): Promise<PendingNotice[]> {
  const fresh = notices.filter((notice) => !existing.has(notice.rowId));
  const created: PendingNotice[] = [];
  for (let start = 0; start < fresh.length; start += NOTICES_PER_REQUEST) {
    const batch = fresh.slice(start, start + NOTICES_PER_REQUEST);
    try {
      await api.tables.createRows({
        databaseId: DATABASE_ID,
        tableId: TABLES.notifications,
        rows: batch.map((notice) => ({ $id: notice.rowId, $permissions: studentOnlyPermissions(notice.columns.studentId), ...notice.columns })),
      });
      created.push(...batch);
    } catch (thrown) {
      if (!hasStatus(thrown, 409)) throw thrown;
      for (const notice of batch) if (await notifyOnce(api, notice.rowId, notice.columns)) created.push(notice);
    }
  }
  return created;
}
