import type { EventBus } from '../../events/bus.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { eventReadRoles } from './access.ts';

export type RowAction = 'create' | 'update' | 'upsert' | 'delete';

/**
 * Tells realtime and event-triggered functions about a row write. `payload` is the Row model as
 * the REST call returned it; increments and decrements are published as `update`, as Appwrite does.
 */
export function publishRowEvent(bus: EventBus, table: TableSchema, action: RowAction, row: Record<string, unknown>): void {
  const rowId = String(row.$id);
  const databaseId = table.database.id;
  bus.publish({
    resource: 'row',
    name: `databases.${databaseId}.tables.${table.id}.rows.${rowId}.${action}`,
    payload: row,
    readRoles: eventReadRoles(table, (row.$permissions as string[] | undefined) ?? []),
    ids: { databaseId, tableId: table.id, rowId },
    action,
  });
}
