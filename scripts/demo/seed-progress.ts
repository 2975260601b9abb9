import { Query, TablesDB, type Models } from 'node-appwrite';
import { adminClient, type Connection, type DemoMember } from './demo-members.ts';

/**
 * What the demo seed already wrote, read with the API key. A seed that was interrupted (a `pnpm dev`
 * restart, Ctrl+C) continues from here on the next run instead of writing anything twice: every step
 * looks up its rows first and runs only the commands that are still missing.
 */

export type Members = ReadonlyMap<string, DemoMember>;

export function memberOf(members: Members, key: string): DemoMember {
  const member = members.get(key);
  if (!member) throw new Error(`The demo data names "${key}", who is not one of the demo people.`);
  return member;
}

export function idsOf(members: Members): string[] {
  return [...members.values()].map((member) => member.userId);
}

const PAGE = 100;

/** Every row of a `portal` table that matches `queries`, page by page. */
export async function allRows<T extends Models.Row>(connection: Connection, tableId: string, queries: string[]): Promise<T[]> {
  const tables = new TablesDB(adminClient(connection));
  const rows: T[] = [];
  for (;;) {
    const after = rows.at(-1);
    const page = await tables.listRows<T>({
      databaseId: 'portal',
      tableId,
      queries: [...queries, Query.limit(PAGE), ...(after ? [Query.cursorAfter(after.$id)] : [])],
      total: false,
    });
    rows.push(...page.rows);
    if (page.rows.length < PAGE) return rows;
  }
}

/** Rows grouped by a key, so a step can take the existing ones it matches one by one. */
export function grouped<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return groups;
}

/** Takes one row of the group (it now stands for one item of the data set), if any is left. */
export function take<T>(groups: Map<string, T[]>, key: string): T | undefined {
  return groups.get(key)?.shift();
}
