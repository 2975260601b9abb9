import { json, noContent, type RequestContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { isCustomId, readCustomId, uniqueId } from '../../http/params.ts';
import type { Router } from '../../http/router.ts';
import { normalizePermissions } from '../../permissions/permissions.ts';
import { parseQueries } from '../queries/parse.ts';
import type { RowInput } from '../rows/row-service.ts';
import type { TablesDb } from '../tables-db.ts';
import { permissionsParam, refuseTransaction, tableOf } from './resolve.ts';

const ROWS = '/v1/tablesdb/{databaseId}/tables/{tableId}/rows';

function rowInput(ctx: RequestContext): RowInput {
  return { data: ctx.params.object('data'), permissions: permissionsParam(ctx, 'resource') };
}

/** Rows (protocol 4.1): guests and users may call these; permissions decide what they see and do. */
export function registerRowRoutes(router: Router, engine: TablesDb): void {
  const { catalog, rows } = engine;

  router.get(ROWS, (ctx) => {
    refuseTransaction(ctx);
    const table = tableOf(catalog, ctx);
    const result = rows.list(table, ctx.caller, parseQueries(ctx.params.raw('queries')), ctx.params.boolean('total', true));
    return json(200, result);
  });

  router.get(`${ROWS}/{rowId}`, (ctx) => {
    refuseTransaction(ctx);
    const table = tableOf(catalog, ctx);
    return json(200, rows.get(table, ctx.caller, ctx.pathParams.rowId ?? '', parseQueries(ctx.params.raw('queries'))));
  });

  router.post(ROWS, (ctx) => {
    refuseTransaction(ctx);
    if (ctx.params.has('rows')) return createMany(ctx, engine);
    const table = tableOf(catalog, ctx);
    const input = rowInput(ctx);
    if (!input.data || Object.keys(input.data).length === 0) throw errors.missingData();
    return json(201, rows.create(table, ctx.caller, readCustomId(ctx.params, 'rowId'), input));
  });

  router.put(`${ROWS}/{rowId}`, (ctx) => {
    refuseTransaction(ctx);
    const table = tableOf(catalog, ctx);
    return json(200, rows.upsert(table, ctx.caller, ctx.pathParams.rowId ?? '', rowInput(ctx)));
  });

  router.patch(`${ROWS}/{rowId}`, (ctx) => {
    refuseTransaction(ctx);
    const table = tableOf(catalog, ctx);
    return json(200, rows.update(table, ctx.caller, ctx.pathParams.rowId ?? '', rowInput(ctx)));
  });

  router.delete(`${ROWS}/{rowId}`, (ctx) => {
    refuseTransaction(ctx);
    const table = tableOf(catalog, ctx);
    rows.delete(table, ctx.caller, ctx.pathParams.rowId ?? '');
    return noContent;
  });

  for (const direction of ['increment', 'decrement'] as const) {
    router.patch(`${ROWS}/{rowId}/{column}/${direction}`, (ctx) => {
      refuseTransaction(ctx);
      const table = tableOf(catalog, ctx);
      const value = ctx.params.has('value') ? (ctx.params.number('value') as number) : 1;
      const bound = ctx.params.has(direction === 'increment' ? 'max' : 'min') ? ctx.params.number(direction === 'increment' ? 'max' : 'min') : undefined;
      return json(200, rows.adjust(table, ctx.caller, ctx.pathParams.rowId ?? '', ctx.pathParams.column ?? '', direction, value, bound));
    });
  }
}

/** `createRows`: API keys only; each row carries its own `$id` and `$permissions`. */
function createMany(ctx: RequestContext, engine: TablesDb) {
  if (ctx.caller.kind !== 'key') throw errors.bulkRequiresKey();
  const table = tableOf(engine.catalog, ctx);
  if (ctx.params.has('data')) throw errors.badRequest('You can only send one of the following parameters: data, rows');
  if (ctx.params.has('rowId')) throw errors.badRequest('Param "rowId" is not allowed when creating multiple rows, set "$id" on each instead.');
  const raw = ctx.params.raw('rows');
  if (!Array.isArray(raw) || raw.length === 0) throw errors.missingData();
  const items = raw.map((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw errors.argumentInvalid('Invalid `rows` param: Value must be an array of objects');
    const data = entry as Record<string, unknown>;
    const id = data.$id ?? uniqueId();
    if (typeof id !== 'string' || !isCustomId(id)) {
      throw errors.badRequest("Parameter must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, period, hyphen, and underscore. Can't start with a special char");
    }
    const permissions = data.$permissions;
    if (permissions !== undefined && !(Array.isArray(permissions) && permissions.every((item) => typeof item === 'string'))) {
      throw errors.badRequest('Permissions must be an array of strings.');
    }
    return {
      id: id === 'unique()' ? uniqueId() : id,
      data,
      permissions: permissions === undefined ? undefined : normalizePermissions(permissions as string[], 'resource'),
    };
  });
  const models = engine.rows.createMany(table, ctx.caller, items);
  return json(201, { total: models.length, rows: models });
}
