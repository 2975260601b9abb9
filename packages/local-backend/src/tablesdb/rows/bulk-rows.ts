import type { Caller } from '../../auth/identity.ts';
import { errors } from '../../http/errors.ts';
import type { Action } from '../../permissions/permissions.ts';
import type { Query } from '../queries/parse.ts';
import { NO_LIMIT, planList } from '../queries/validate.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { tableAllows } from './access.ts';
import { rowModel, type StoredRow } from './row-model.ts';
import type { RowList, RowService } from './row-service.ts';
import type { RowStore } from './row-store.ts';

type Model = Record<string, unknown>;

/** One row of a bulk create or upsert: `$id` and `$permissions` travel inside its data. */
export interface BulkItem {
  id: string;
  data: Record<string, unknown>;
  permissions: string[] | undefined;
}

/** APP_LIMIT_DATABASE_BATCH: the most rows a bulk answer lists (every matching row is written). */
export const BULK_ANSWER_LIMIT = 1000;

/**
 * Appwrite's bulk row operations (`updateRows`, `upsertRows`, `deleteRows`): every row the queries
 * match (all of them without a `limit`; `orderAsc`, `offset` and cursors narrow them as on a list)
 * is written in one SQLite transaction, through the same per-row checks as a single write, so
 * one failure leaves every row as it was. Without the table's permission for the action, a caller
 * reaches only the rows whose own permissions grant it (row security), as utopia-php's
 * `updateDocuments` does.
 */
export class BulkRows {
  constructor(
    private readonly rows: RowService,
    private readonly store: RowStore,
  ) {}

  /** The rows `queries` select for `action`, in list order. */
  targets(table: TableSchema, caller: Caller, queries: readonly Query[], action: Action): StoredRow[] {
    const plan = planList(table, queries, NO_LIMIT);
    let roles: readonly string[] | undefined;
    if (!tableAllows(table, action, caller)) {
      if (!table.rowSecurity) throw errors.userUnauthorized();
      roles = caller.roles;
    }
    return this.store.list(table, plan, roles, false, action).rows;
  }

  update(table: TableSchema, caller: Caller, data: Record<string, unknown>, permissions: string[] | undefined, queries: readonly Query[]): RowList {
    return this.rows.atomically(() => {
      const models = this.targets(table, caller, queries, 'update').map((row) => this.rows.update(table, caller, row._id, { data, permissions }));
      return answer(models);
    });
  }

  upsert(table: TableSchema, caller: Caller, items: readonly BulkItem[]): RowList {
    return this.rows.atomically(() =>
      answer(items.map((item) => this.rows.upsert(table, caller, item.id, { data: item.data, permissions: item.permissions }))),
    );
  }

  delete(table: TableSchema, caller: Caller, queries: readonly Query[]): RowList {
    return this.rows.atomically(() => {
      const models = this.targets(table, caller, queries, 'delete').map((row) => {
        const model = rowModel(table, row);
        this.rows.delete(table, caller, row._id);
        return model;
      });
      return answer(models);
    });
  }
}

function answer(models: Model[]): RowList {
  return { total: models.length, rows: models.slice(0, BULK_ANSWER_LIMIT) };
}
