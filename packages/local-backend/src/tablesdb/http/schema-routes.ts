import { requireKey } from '../../auth/identity.ts';
import { noContent, type Handler, type RequestContext } from '../../http/context.ts';
import { AppwriteError, errors } from '../../http/errors.ts';
import type { Router } from '../../http/router.ts';
import { COLUMN_KINDS, columnModel, type ColumnDef, type ColumnInput, type ColumnKind } from '../schema/columns.ts';
import { indexModel, type IndexDef } from '../schema/indexes.ts';
import type { TableSchema } from '../schema/catalog.ts';
import type { TablesDb } from '../tables-db.ts';
import { jsonReply } from './json-reply.ts';
import { legacyError } from './legacy-wording.ts';
import { listMetadata } from './metadata-list.ts';
import { tableOf } from './resolve.ts';

/**
 * How one family of routes names the same schema. TablesDB says tables, columns and `columns` of
 * an index; the legacy Databases API (`/v1/databases/…/collections/…`), which the Appwrite CLI
 * still uses to create columns and indexes on `appwrite push tables`, says collections, attributes
 * and `attributes`, with its own error types and wording.
 */
interface Spelling {
  /** The path of one table; its id is the `tableId` path param in both families. */
  base: string;
  /** Path segment and list key of columns. */
  columns: 'columns' | 'attributes';
  /** Param and model field holding an index's columns. */
  indexColumns: 'columns' | 'attributes';
  scopes: { read: string; write: string };
  /** Singular names in cursor errors. */
  resources: { column: string; index: string };
  reword: (error: AppwriteError) => AppwriteError;
}

const TABLES_DB: Spelling = {
  base: '/v1/tablesdb/{databaseId}/tables/{tableId}',
  columns: 'columns',
  indexColumns: 'columns',
  scopes: { read: 'tables.read', write: 'tables.write' },
  resources: { column: 'Column', index: 'Index' },
  reword: (error) => error,
};

const LEGACY_DATABASES: Spelling = {
  base: '/v1/databases/{databaseId}/collections/{tableId}',
  columns: 'attributes',
  indexColumns: 'attributes',
  scopes: { read: 'collections.read', write: 'collections.write' },
  resources: { column: 'Attribute', index: 'Index' },
  reword: legacyError,
};

function kindOf(ctx: RequestContext): ColumnKind {
  const kind = ctx.pathParams.kind ?? '';
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
  };
}

/** Columns and indexes, in TablesDB's spelling and the legacy Databases one: API key only. */
export function registerSchemaRoutes(router: Router, engine: TablesDb): void {
  registerSpelling(router, engine, TABLES_DB);
  registerSpelling(router, engine, LEGACY_DATABASES);
}

/** Creation answers 202 with status `available`: the local backend builds columns and indexes at once. */
function registerSpelling(router: Router, engine: TablesDb, spelling: Spelling): void {
  const { catalog } = engine;
  const { base, columns: columnsSegment, scopes } = spelling;
  const worded =
    (handler: Handler): Handler =>
    async (ctx) => {
      try {
        return await handler(ctx);
      } catch (error) {
        throw error instanceof AppwriteError ? spelling.reword(error) : error;
      }
    };
  const indexOut = (index: IndexDef, table: TableSchema): Record<string, unknown> => {
    const { columns, ...model } = indexModel(index, table.database.seq, table.seq);
    return spelling.indexColumns === 'columns'
      ? { ...model, columns }
      : {
          $id: model.$id,
          $createdAt: model.$createdAt,
          $updatedAt: model.$updatedAt,
          key: model.key,
          type: model.type,
          status: model.status,
          error: model.error,
          attributes: columns,
          lengths: model.lengths,
          orders: model.orders,
        };
  };

  router.get(
    `${base}/${columnsSegment}`,
    worded((ctx) => {
      requireKey(ctx.caller, scopes.read);
      const { total, items } = listMetadata(tableOf(catalog, ctx).columns.map(columnModel), {
        queries: ctx.params.raw('queries'),
        search: undefined,
        includeTotal: ctx.params.boolean('total', true),
        fields: ['key', 'type', 'size', 'required', 'array', 'status', 'error'],
        idField: 'key',
        resource: spelling.resources.column,
      });
      return jsonReply(200, { total, [columnsSegment]: items });
    }),
  );

  router.post(
    `${base}/${columnsSegment}/{kind}`,
    worded((ctx) => {
      requireKey(ctx.caller, scopes.write);
      const table = tableOf(catalog, ctx);
      const { column } = engine.addColumn(table, columnInput(ctx, kindOf(ctx)));
      return jsonReply(202, columnModel(column));
    }),
  );

  router.get(
    `${base}/${columnsSegment}/{key}`,
    worded((ctx) => {
      requireKey(ctx.caller, scopes.read);
      const key = ctx.pathParams.key ?? '';
      const column = tableOf(catalog, ctx).columnsByKey.get(key);
      if (!column) throw errors.columnNotFound(key);
      return jsonReply(200, columnModel(column));
    }),
  );

  router.patch(
    `${base}/${columnsSegment}/{kind}/{key}`,
    worded((ctx) => {
      requireKey(ctx.caller, scopes.write);
      const table = tableOf(catalog, ctx);
      const key = ctx.pathParams.key ?? '';
      const kind = kindOf(ctx);
      const old = table.columnsByKey.get(key);
      if (!old) throw errors.columnNotFound(key);
      if (old.kind !== kind) throw errors.columnKindMismatch(key);
      requiredParam(ctx, 'default');
      return jsonReply(200, columnModel(engine.updateColumn(table, key, columnInput(ctx, kind, old))));
    }),
  );

  router.delete(
    `${base}/${columnsSegment}/{key}`,
    worded((ctx) => {
      requireKey(ctx.caller, scopes.write);
      const table = tableOf(catalog, ctx);
      const key = ctx.pathParams.key ?? '';
      if (!table.columnsByKey.has(key)) throw errors.columnNotFound(key);
      catalog.deleteColumn(table, key);
      return noContent;
    }),
  );

  router.get(
    `${base}/indexes`,
    worded((ctx) => {
      requireKey(ctx.caller, scopes.read);
      const table = tableOf(catalog, ctx);
      const { total, items } = listMetadata(
        table.indexes.map((index) => indexOut(index, table)),
        {
          queries: ctx.params.raw('queries'),
          search: undefined,
          includeTotal: ctx.params.boolean('total', true),
          fields: ['key', 'type', 'status', spelling.indexColumns, 'error'],
          idField: 'key',
          resource: spelling.resources.index,
        },
      );
      return jsonReply(200, { total, indexes: items });
    }),
  );

  router.post(
    `${base}/indexes`,
    worded((ctx) => {
      requireKey(ctx.caller, scopes.write);
      const table = tableOf(catalog, ctx);
      const key = ctx.params.string('key');
      const type = ctx.params.string('type');
      const columns = ctx.params.stringArray(spelling.indexColumns, { max: 100 });
      if (!columns) throw errors.argumentInvalid(`Param "${spelling.indexColumns}" is not optional.`);
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
    }),
  );

  router.get(
    `${base}/indexes/{key}`,
    worded((ctx) => {
      requireKey(ctx.caller, scopes.read);
      const table = tableOf(catalog, ctx);
      const key = ctx.pathParams.key ?? '';
      const index = table.indexes.find((candidate) => candidate.key === key);
      if (!index) throw errors.indexNotFound(key);
      return jsonReply(200, indexOut(index, table));
    }),
  );

  router.delete(
    `${base}/indexes/{key}`,
    worded((ctx) => {
      requireKey(ctx.caller, scopes.write);
      const table = tableOf(catalog, ctx);
      const key = ctx.pathParams.key ?? '';
      const index = table.indexes.find((candidate) => candidate.key === key);
      if (!index) throw errors.indexNotFound(key);
      catalog.deleteIndex(table, index);
      return noContent;
    }),
  );
}
