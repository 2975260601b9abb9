/**
 * One operation staged in a TablesDB transaction, as it waits for the commit: what to write, where,
 * and when it was staged (the commit refuses to overwrite a row changed after that moment).
 * Permissions were settled when it was staged, as Appwrite settles them (the stager's defaults).
 */
export type StagedOperation = {
  databaseId: string;
  tableId: string;
  /** Stored datetime (`2026-01-15T09:30:00.000+00:00`) of the staging request. */
  stagedAt: string;
} & OperationPayload;

export interface BulkRow {
  id: string;
  data: Record<string, unknown>;
  permissions: string[] | undefined;
}

export type OperationPayload =
  | { action: 'create' | 'update' | 'upsert'; rowId: string; data: Record<string, unknown>; permissions: string[] | undefined }
  | { action: 'delete'; rowId: string }
  | { action: 'increment' | 'decrement'; rowId: string; column: string; value: number; bound: number | undefined }
  | { action: 'bulkCreate' | 'bulkUpsert'; rows: BulkRow[] }
  | { action: 'bulkUpdate'; data: Record<string, unknown>; queries: unknown[] }
  | { action: 'bulkDelete'; queries: unknown[] };

export type OperationAction = OperationPayload['action'];

/** Actions only API keys may stage (Appwrite's bulk operations). */
export const BULK_ACTIONS: ReadonlySet<OperationAction> = new Set(['bulkCreate', 'bulkUpdate', 'bulkUpsert', 'bulkDelete']);

/** The row a single-row operation writes, or undefined for bulk ones. */
export function rowIdOf(operation: OperationPayload): string | undefined {
  return 'rowId' in operation ? operation.rowId : undefined;
}
