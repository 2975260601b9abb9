import { DATABASE_ID, TABLES, type CoachMessage } from '@opportunity-kit/sdk/domain';
import { ID, Permission, Query, Role, type Models } from 'node-appwrite';
import type { ServerApi } from '../../platform/server-client.ts';

/** A row of `coach_messages`: one turn of a student's conversation with the coach, readable by them only. */
export interface CoachMessageColumns {
  userId: string;
  role: 'user' | 'coach';
  text: string;
  provider: 'gemini' | 'local' | null;
}

export type CoachMessageRow = Models.Row & CoachMessageColumns;

const table = { databaseId: DATABASE_ID, tableId: TABLES.coachMessages };

/** How much of the conversation `GET /coach` shows. */
export const HISTORY_LIMIT = 50;
/** The longest stored reply (the column's size). */
const MAX_TEXT = 8000;

const toMessage = (row: CoachMessageRow): CoachMessage => ({ id: row.$id, role: row.role, text: row.text, provider: row.provider, createdAt: row.$createdAt });

/** The user's latest `limit` messages, oldest first. */
export async function recentMessages(api: ServerApi, userId: string, limit = HISTORY_LIMIT): Promise<CoachMessage[]> {
  const { rows } = await api.tables.listRows<CoachMessageRow>({
    ...table,
    queries: [Query.equal('userId', userId), Query.orderDesc('$createdAt'), Query.limit(limit)],
    total: false,
  });
  return rows.map(toMessage).reverse();
}

/** Stores a question and its answer, in that order. */
export async function appendExchange(
  api: ServerApi,
  userId: string,
  question: string,
  reply: string,
  provider: 'gemini' | 'local',
): Promise<[CoachMessage, CoachMessage]> {
  const create = (data: CoachMessageColumns) =>
    api.tables.createRow<CoachMessageRow>({ ...table, rowId: ID.unique(), data, permissions: [Permission.read(Role.user(userId))] });
  const asked = await create({ userId, role: 'user', text: question, provider: null });
  const answered = await create({ userId, role: 'coach', text: reply.slice(0, MAX_TEXT), provider });
  return [toMessage(asked), toMessage(answered)];
}

/** Deletes the user's conversation; answers how many messages it had. */
export async function forgetConversation(api: ServerApi, userId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rows } = await api.tables.listRows<CoachMessageRow>({
      ...table,
      queries: [Query.equal('userId', userId), Query.limit(100), Query.select(['$id'])],
      total: false,
    });
    if (rows.length === 0) return deleted;
    for (const row of rows) await api.tables.deleteRow({ ...table, rowId: row.$id });
    deleted += rows.length;
  }
}
