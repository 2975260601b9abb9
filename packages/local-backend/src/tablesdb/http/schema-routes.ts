import { requireKey } from '../../auth/identity.ts';
import { noContent, type RequestContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import type { Router } from '../../http/router.ts';
import { COLUMN_KINDS, columnModel, ON_DELETE, RELATION_TYPES, type ColumnDef, type ColumnInput, type ColumnKind } from '../schema/columns.ts';
import { indexModel, type IndexDef } from '../schema/indexes.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { SPATIAL_KINDS } from '../capabilities.ts';
import type { TablesDb } from '../tables-db.ts';
import { jsonReply } from './json-reply.ts';
import { listMetadata } from './metadata-list.ts';
import { tableOf } from './resolve.ts';

function kindOf(ctx: RequestContext): ColumnKind {
  const kind = ctx.pathParams.kind ?? '';
  // A bigint column is an integer column that always takes 8 bytes and says `bigint`.
  if (kind === 'bigint') return 'integer';
  if (SPATIAL_KINDS.includes(kind)) throw errors.featureUnsupported('Spatial columns are not supported by this database.');
  if (!(COLUMN_KINDS as readonly string[]).includes(kind)) throw errors.columnTypeNotSupported(kind);
  return kind as ColumnKind;
}

function requiredParam(ctx: RequestContext, name: string): unknown {
  if (ctx.params.raw(name) === undefined) throw errors.argumentInvalid(`Param "${name}" is not optional.`);
  return ctx.params.raw(name);
}

function numberParam(ctx: RequestContext, name: string): number | undefined {
  return ctx.params.has(name) ? ctx.params.number(name) : undefined;
}

/** The create-column body of one kind, before Appwrite's checks in `defineColumn`. */
function columnInput(ctx: RequestContext, kind: ColumnKind, base?: ColumnDef): ColumnInput {
  const needsSize = (kind === 'string' || kind === 'varchar') && !base;
  if (needsSize) requiredParam(ctx, 'size');
  requiredParam(ctx, 'required');
  const elements = ctx.params.raw('elements');
  if (kind === 'enum' && !base) requiredParam(ctx, 'elements');
  return {
    key: base ? (ctx.params.optionalString('newKey') ?? base.key) : ctx.params.string('key'),
    kind,
    required: ctx.params.boolean('required', false),
    array: base ? base.array : ctx.params.boolean('array', false),
    size: ctx.params.has('size') ? ctx.params.integer('size', 0) : base?.size,
    min: numberParam(ctx, 'min') ?? (base && kind === 'integer' ? BigInt(base.min as string) : (base?.min as number | undefined)),
    max: numberParam(ctx, 'max') ?? (base && kind === 'integer' ? BigInt(base.max as string) : (base?.max as number | undefined)),
    default: ctx.params.raw('default') ?? null,
    elements: Array.isArray(elements) ? (elements as string[]) : base?.elements,
    encrypt: base ? base.encrypt : ctx.params.boolean('encrypt', false),
    bigint: base ? base.bigint : ctx.pathParams.kind === 'bigint',
    signed: ctx.params.boolean('signed', base?.signed ?? true),
  };
}

const BASE = '/v1/tablesdb/{databaseId}/tables/{tableId}';
const SCOPES = { read: 'tables.read', write: 'tables.write' };

/**
 * Columns and indexes: API key only. Creation answers 202 with status `available`: the local
 * backend builds columns and indexes at once. (The Appwrite CLI creates them through the legacy
 * twins of these routes, `/v1/databases/…/collections/…/attributes|indexes`.)
 */
export function registerSchemaRoutes(router: Router, engine: TablesDb): void {
  const { catalog } = engine;
  const indexOut = (index: IndexDef, table: TableSchema): Record<string, unknown> => indexModel(index, table.database.seq, table.seq);

  router.get(`${BASE}/columns`, (ctx) => {
    requireKey(ctx.caller, SCOPES.read);
    const { total, items } = listMetadata(tableOf(catalog, ctx).columns.map(columnModel), {
      queries: ctx.params.raw('queries'),
      search: undefined,
      includeTotal: ctx.params.boolean('total', true),
      fields: ['key', 'type', 'size', 'required', 'array', 'status', 'error'],
      idField: 'key',
      resource: 'Column',
    });
    return jsonReply(200, { total, columns: items });
  });

  router.post(`${BASE}/columns/relationship`, (ctx) => {
    requireKey(ctx.caller, SCOPES.write);
    const table = tableOf(catalog, ctx);
    return jsonReply(202, columnModel(createRelationship(engine, table, ctx)));
  });

  router.post(`${BASE}/columns/{kind}`, (ctx) => {
    requireKey(ctx.caller, SCOPES.write);
    // Appwrite refuses a type its adapter lacks before it looks up the table.
    const kind = kindOf(ctx);
    const table = tableOf(catalog, ctx);
    const { column } = engine.addColumn(table, columnInput(ctx, kind));
    return jsonReply(202, columnModel(column));
  });

  router.get(`${BASE}/columns/{key}`, (ctx) => {
    requireKey(ctx.caller, SCOPES.read);
    const key = ctx.pathParams.key ?? '';
    const column = tableOf(catalog, ctx).columnsByKey.get(key);
    if (!column) throw errors.columnNotFound(key);
    return jsonReply(200, columnModel(column));
  });

  router.patch(`${BASE}/columns/{kind}/{key}`, (ctx) => {
    requireKey(ctx.caller, SCOPES.write);
    const table = tableOf(catalog, ctx);
    const key = ctx.pathParams.key ?? '';
    const kind = kindOf(ctx);
    const old = table.columnsByKey.get(key);
    if (!old) throw errors.columnNotFound(key);
    if (old.kind !== kind) throw errors.columnKindMismatch(key);
    requiredParam(ctx, 'default');
    return jsonReply(200, columnModel(engine.updateColumn(table, key, columnInput(ctx, kind, old))));
  });

  router.delete(`${BASE}/columns/{key}`, (ctx) => {
    requireKey(ctx.caller, SCOPES.write);
    const table = tableOf(catalog, ctx);
    const key = ctx.pathParams.key ?? '';
    if (!table.columnsByKey.has(key)) throw errors.columnNotFound(key);
    engine.deleteColumn(table, key);
    return noContent;
  });

  router.get(`${BASE}/indexes`, (ctx) => {
    requireKey(ctx.caller, SCOPES.read);
    const table = tableOf(catalog, ctx);
    const { total, items } = listMetadata(
      table.indexes.map((index) => indexOut(index, table)),
      {
        queries: ctx.params.raw('queries'),
        search: undefined,
        includeTotal: ctx.params.boolean('total', true),
        fields: ['key', 'type', 'status', 'columns', 'error'],
        idField: 'key',
        resource: 'Index',
      },
    );
    return jsonReply(200, { total, indexes: items });
  });

  router.post(`${BASE}/indexes`, (ctx) => {
    requireKey(ctx.caller, SCOPES.write);
    const table = tableOf(catalog, ctx);
    const key = ctx.params.string('key');
    const type = ctx.params.string('type');
    const columns = ctx.params.stringArray('columns', { max: 100 });
    if (!columns) throw errors.argumentInvalid('Param "columns" is not optional.');
    const orders = ctx.params.raw('orders');
    const lengths = ctx.params.raw('lengths');
    const updated = engine.addIndex(table, {
      key,
      type,
      columns,
      orders: Array.isArray(orders) ? (orders as Array<string | null>) : [],
      lengths: Array.isArray(lengths) ? (lengths as Array<number | null>) : [],
    });
    const index = updated.indexes.find((candidate) => candidate.key === key);
    return jsonReply(202, index ? indexOut(index, updated) : {});
  });

  router.get(`${BASE}/indexes/{key}`, (ctx) => {
    requireKey(ctx.caller, SCOPES.read);
    const table = tableOf(catalog, ctx);
    const key = ctx.pathParams.key ?? '';
    const index = table.indexes.find((candidate) => candidate.key === key);
    if (!index) throw errors.indexNotFound(key);
    return jsonReply(200, indexOut(index, table));
  });

  router.delete(`${BASE}/indexes/{key}`, (ctx) => {
    requireKey(ctx.caller, SCOPES.write);
    const table = tableOf(catalog, ctx);
    const key = ctx.pathParams.key ?? '';
    const index = table.indexes.find((candidate) => candidate.key === key);
    if (!index) throw errors.indexNotFound(key);
    catalog.deleteIndex(table, index);
    return noContent;
  });
}

function oneOf<T extends string>(ctx: RequestContext, name: string, allowed: readonly T[], fallback?: T): T {
  const value = fallback === undefined ? ctx.params.string(name) : (ctx.params.optionalString(name) ?? fallback);
  if (!(allowed as readonly string[]).includes(value)) throw errors.argumentInvalid(`Invalid \`${name}\` param: Value must be one of (${allowed.join(', ')})`);
  return value as T;
}

/** Appwrite's createRelationshipColumn: its params, defaults and duplicate checks. */
function createRelationship(engine: TablesDb, table: TableSchema, ctx: RequestContext): ColumnDef {
  const relatedId = ctx.params.string('relatedTableId');
  const relationType = oneOf(ctx, 'type', RELATION_TYPES);
  const twoWay = ctx.params.boolean('twoWay', false);
  const key = ctx.params.optionalString('key') ?? relatedId;
  const twoWayKey = ctx.params.optionalString('twoWayKey') ?? table.id;
  const onDelete = oneOf(ctx, 'onDelete', ON_DELETE, 'restrict');
  const related = engine.catalog.getTable(table.database.id, relatedId);
  if (!related) throw errors.tableNotFound(relatedId);
  for (const column of table.columns) {
    if (column.kind !== 'relationship') continue;
    if (column.key.toLowerCase() === key.toLowerCase()) throw errors.columnAlreadyExists(key);
    if (column.relation?.twoWayKey.toLowerCase() === twoWayKey.toLowerCase() && column.relation.relatedTable === related.id) {
      throw errors.columnAlreadyExists(ctx.params.has('twoWayKey') ? twoWayKey : key);
    }
  }
  return engine.addRelationship(table, related, key, { relatedTable: related.id, relationType, twoWay, twoWayKey, onDelete });
}
