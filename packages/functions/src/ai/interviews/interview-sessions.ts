import { DATABASE_ID, TABLES, type InterviewSessionColumns } from '@opportunity-kit/sdk/domain';
import { ID, Permission, Query, Role, type Models } from 'node-appwrite';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import { isAppwriteId } from '../../platform/appwrite-ids.ts';
import { notFound } from '../../platform/command-error.ts';
import type { ServerApi } from '../../platform/server-client.ts';

/** A row of `interview_sessions` (its columns are the wire contract's: the browser reads the analysis from it). */
export type InterviewSessionRow = Models.Row & InterviewSessionColumns;

const table = { databaseId: DATABASE_ID, tableId: TABLES.interviewSessions };

export const SESSION_NOT_FOUND = 'This interview session was not found.';

export async function createSession(api: ServerApi, columns: InterviewSessionColumns): Promise<InterviewSessionRow> {
  return api.tables.createRow<InterviewSessionRow>({
    ...table,
    rowId: ID.unique(),
    data: columns,
    permissions: [Permission.read(Role.user(columns.userId))],
  });
}

/** The caller's session; anyone else's answers "not found", exactly like a missing one. */
export async function ownSession(api: ServerApi, userId: string, sessionId: string): Promise<InterviewSessionRow> {
  const row = isAppwriteId(sessionId) ? await orUndefined(api.tables.getRow<InterviewSessionRow>({ ...table, rowId: sessionId })) : undefined;
  if (!row || row.userId !== userId) throw notFound(SESSION_NOT_FOUND);
  return row;
}

export async function updateSession(api: ServerApi, sessionId: string, data: Partial<InterviewSessionColumns>): Promise<InterviewSessionRow> {
  return api.tables.updateRow<InterviewSessionRow>({ ...table, rowId: sessionId, data });
}

/** True when another session already analysed this conversation (a conversation belongs to one student). */
export async function conversationClaimedElsewhere(api: ServerApi, conversationId: string, sessionId: string): Promise<boolean> {
  const { rows } = await api.tables.listRows<InterviewSessionRow>({
    ...table,
    queries: [Query.equal('conversationId', conversationId), Query.notEqual('$id', sessionId), Query.limit(1)],
    total: false,
  });
  return rows.length > 0;
}
