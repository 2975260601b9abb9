import { json, noContent, type RequestContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { isCustomId, readCustomId, uniqueId } from '../../http/params.ts';
import type { Router } from '../../http/router.ts';
import { normalizePermissions } from '../../permissions/permissions.ts';
import { parseQueries } from '../queries/parse.ts';
import type { BulkItem } from '../rows/bulk-rows.ts';
import { assertUpdatePayload, type RowInput } from '../rows/row-service.ts';
import type { TablesDb } from '../tables-db.ts';
import { RowStaging } from '../transactions/row-staging.ts';
import { permissionsParam, tableOf, transactionIdOf } from './resolve.ts';

const ROWS = '/v1/tablesdb/{databaseId}/tables/{tableId}/rows';

function rowInput(ctx: RequestContext): RowInput {
  return { data: ctx.params.object('data'), permissions: permissionsParam(ctx, 'resource') };
}

/**
 * Rows: guests and users may call these; permissions decide what they see and do
 * (https://appwrite.io/docs/products/databases/tablesdb/permissions).
 * With a `transactionId`, writes are staged in that transaction (see RowStaging) and reads see
 * the rows as its staged writes would leave them.
 */
export function registerRowRoutes(router: Router, engine: TablesDb): void {
  const { catalog, rows, transactions } = engine;
  const staging = new RowStaging(engine);
  /** Runs a read inside the named transaction, if any. */
  const readIn = <T>(transactionId: string | undefined, ctx: RequestContext, read: () => T): T =>
    transactionId === undefined ? read() : transactions.readThrough(transactions.get(transactionId, ctx.caller), read);

  router.get(ROWS, (ctx) => {
    const transactionId = transactionIdOf(ctx);
    const table = tableOf(catalog, ctx);
    const queries = parseQueries(ctx.params.raw('queries'));
    const total = ctx.params.boolean('total', true);
    const ttl = ctx.params.integer('ttl', 0, { min: 0, max: 86400 });
    if (ttl > 0 && transactionId === undefined) {
      const { hit, ...page } = engine.listCache.list(table, ctx.caller, ctx.params.raw('queries'), total, ttl, (withTotal) =>
        rows.list(table, ctx.caller, queries, withTotal),
      );
      return json(200, page, { 'X-Appwrite-Cache': hit ? 'hit' : 'miss' });
    }
    return json(
      200,
      readIn(transactionId, ctx, () => rows.list(table, ctx.caller, queries, total)),
    );
  });

  router.get(`${ROWS}/{rowId}`, (ctx) => {
    const transactionId = transactionIdOf(ctx);
    const table = tableOf(catalog, ctx);
    const queries = parseQueries(ctx.params.raw('queries'));
    return json(
      200,
      readIn(transactionId, ctx, () => rows.get(table, ctx.caller, ctx.pathParams.rowId ?? '', queries)),
    );
  });

  router.post(ROWS, (ctx) => {
    const transactionId = transactionIdOf(ctx);
    if (ctx.params.has('rows')) return createMany(ctx, engine, transactionId === undefined ? undefined : { staging, transactionId });
    const table = tableOf(catalog, ctx);
    const input = rowInput(ctx);
    if (!input.data || Object.keys(input.data).length === 0) throw errors.missingData();
    const rowId = readCustomId(ctx.params, 'rowId');
    if (transactionId !== undefined) return json(201, staging.create(table, ctx.caller, transactionId, rowId, input));
    return json(201, rows.create(table, ctx.caller, rowId, input));
  });

  router.put(`${ROWS}/{rowId}`, (ctx) => {
    const transactionId = transactionIdOf(ctx);
    const table = tableOf(catalog, ctx);
    const rowId = ctx.pathParams.rowId ?? '';
    // Appwrite answers a staged upsert with 201, a direct one with 200.
    if (transactionId !== undefined) return json(201, staging.upsert(table, ctx.caller, transactionId, rowId, rowInput(ctx)));
    return json(200, rows.upsert(table, ctx.caller, rowId, rowInput(ctx)));
  });

  router.patch(`${ROWS}/{rowId}`, (ctx) => {
    const transactionId = transactionIdOf(ctx);
    const table = tableOf(catalog, ctx);
    const rowId = ctx.pathParams.rowId ?? '';
    if (transactionId !== undefined) return json(200, staging.update(table, ctx.caller, transactionId, rowId, rowInput(ctx)));
    const input = rowInput(ctx);
    assertUpdatePayload(input);
    return json(200, rows.update(table, ctx.caller, rowId, input));
  });

  router.delete(`${ROWS}/{rowId}`, (ctx) => {
    const transactionId = transactionIdOf(ctx);
    const table = tableOf(catalog, ctx);
    const rowId = ctx.pathParams.rowId ?? '';
    if (transactionId !== undefined) staging.delete(table, ctx.caller, transactionId, rowId);
    else rows.delete(table, ctx.caller, rowId);
    return noContent;
  });

  registerBulkRoutes(router, engine, staging);

  for (const direction of ['increment', 'decrement'] as const) {
    router.patch(`${ROWS}/{rowId}/{column}/${direction}`, (ctx) => {
      const transactionId = transactionIdOf(ctx);
      const table = tableOf(catalog, ctx);
      const value = ctx.params.has('value') ? (ctx.params.number('value') as number) : 1;
      const bound = ctx.params.has(direction === 'increment' ? 'max' : 'min') ? ctx.params.number(direction === 'increment' ? 'max' : 'min') : undefined;
      const rowId = ctx.pathParams.rowId ?? '';
      const column = ctx.pathParams.column ?? '';
      if (transactionId !== undefined) return json(200, staging.adjust(table, ctx.caller, transactionId, rowId, column, direction, value, bound));
      return json(200, rows.adjust(table, ctx.caller, rowId, column, direction, value, bound));
    });
  }
}

/** `createRows`: API keys only; each row carries its own `$id` and `$permissions`. Staged as one operation inside a transaction. */
function createMany(ctx: RequestContext, engine: TablesDb, staged: { staging: RowStaging; transactionId: string } | undefined) {
  if (ctx.caller.kind !== 'key') throw errors.bulkRequiresKey();
  const table = tableOf(engine.catalog, ctx);
  if (ctx.params.has('data')) throw errors.badRequest('You can only send one of the following parameters: data, rows');
  if (ctx.params.has('rowId')) throw errors.badRequest('Param "rowId" is not allowed when creating multiple rows, set "$id" on each instead.');
  const raw = ctx.params.raw('rows');
  if (!Array.isArray(raw) || raw.length === 0) throw errors.missingData();
  const items = bulkItems(raw);
  // Appwrite answers a staged bulk create with 200 (no status set) and no rows yet.
  if (staged) return json(200, staged.staging.createMany(table, ctx.caller, staged.transactionId, items));
  const models = engine.rows.createMany(table, ctx.caller, items);
  return json(201, { total: models.length, rows: models });
}

/** The rows of a bulk create or upsert, each with its `$id` (or a new one) and validated `$permissions`. */
export function bulkItems(raw: readonly unknown[]): BulkItem[] {
  return raw.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw errors.argumentInvalid('Invalid `rows` param: Value must be an array of objects');
    const data = entry as Record<string, unknown>;
    const id = data.$id ?? uniqueId();
    if (typeof id !== 'string' || !isCustomId(id)) {
      throw errors.badRequest(
        "Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char",
      );
    }
    return { id: id === 'unique()' ? uniqueId() : id, data, permissions: permissionsIn(data.$permissions) };
  });
}

/** `$permissions` inside bulk data: an array of permission strings, `write` expanded. */
function permissionsIn(permissions: unknown): string[] | undefined {
  if (permissions === undefined || permissions === null) return undefined;
  if (!(Array.isArray(permissions) && permissions.every((item) => typeof item === 'string')))
    throw errors.badRequest('Permissions must be an array of strings.');
  return normalizePermissions(permissions as string[], 'resource');
}

/**
 * `updateRows`, `upsertRows` and `deleteRows` (Appwrite's bulk routes, answered `{total, rows}`
 * with status 200); inside a transaction each is staged as one operation and answers no rows yet.
 */
function registerBulkRoutes(router: Router, engine: TablesDb, staging: RowStaging): void {
  const { catalog, bulk } = engine;

  router.patch(ROWS, (ctx) => {
    const transactionId = transactionIdOf(ctx);
    const data = ctx.params.object('data') ?? {};
    if (Object.keys(data).length === 0) throw errors.missingPayload();
    const table = tableOf(catalog, ctx);
    const queries = parseQueries(ctx.params.raw('queries'));
    const permissions = permissionsIn(data.$permissions);
    if (transactionId !== undefined) return json(200, staging.updateMany(table, ctx.caller, transactionId, data, ctx.params.raw('queries')));
    return json(200, bulk.update(table, ctx.caller, data, permissions, queries));
  });

  router.put(ROWS, (ctx) => {
    const transactionId = transactionIdOf(ctx);
    const table = tableOf(catalog, ctx);
    const raw = ctx.params.raw('rows');
    if (raw === undefined || raw === null) throw errors.argumentInvalid('Param "rows" is not optional.');
    if (!Array.isArray(raw)) throw errors.argumentInvalid('Invalid `rows` param: Value must a valid array and Value must be a valid JSON');
    const items = bulkItems(raw);
    if (transactionId !== undefined) return json(200, staging.upsertMany(table, ctx.caller, transactionId, items));
    return json(200, bulk.upsert(table, ctx.caller, items));
  });

  router.delete(ROWS, (ctx) => {
    const transactionId = transactionIdOf(ctx);
    const table = tableOf(catalog, ctx);
    const queries = parseQueries(ctx.params.raw('queries'));
    if (transactionId !== undefined) return json(200, staging.deleteMany(table, ctx.caller, transactionId, ctx.params.raw('queries')));
    return json(200, bulk.delete(table, ctx.caller, queries));
  });
}
