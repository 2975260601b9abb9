import { requireKey } from '../../auth/identity.ts';
import { noContent, type RequestContext } from '../../http/context.ts';
import { AppwriteError, errors } from '../../http/errors.ts';
import { readCustomId } from '../../http/params.ts';
import type { Router } from '../../http/router.ts';
import type { TableSchema } from '../schema/catalog.ts';
import { columnInputFromObject, indexInputFromObject } from '../schema/definitions.ts';
import { SchemaLimitError } from '../schema/limits.ts';
import { databaseModel, tableModel } from '../schema/models.ts';
import type { TablesDb } from '../tables-db.ts';
import { jsonReply } from './json-reply.ts';
import { listMetadata } from './metadata-list.ts';
import { databaseOf, permissionsParam, tableOf } from './resolve.ts';

/** Databases and tables: API key only, like Appwrite's admin scopes. */
export function registerDatabaseRoutes(router: Router, engine: TablesDb): void {
  const { catalog } = engine;

  router.post('/v1/tablesdb', (ctx) => {
    requireKey(ctx.caller, 'databases.write');
    const id = readCustomId(ctx.params, 'databaseId');
    const name = ctx.params.string('name', { max: 128 });
    // The legacy twin of this route (`POST /v1/databases`) creates a database of type `legacy`.
    const type = ctx.path.startsWith('/v1/tablesdb') ? 'tablesdb' : 'legacy';
    const database = catalog.createDatabase({ id, name, enabled: ctx.params.boolean('enabled', true), type });
    return jsonReply(201, databaseModel(database));
  });

  router.get('/v1/tablesdb', (ctx) => {
    requireKey(ctx.caller, 'databases.read');
    const { total, items } = listMetadata(catalog.listDatabases().map(databaseModel), {
      queries: ctx.params.raw('queries'),
      search: ctx.params.optionalString('search', { max: 256 }),
      includeTotal: ctx.params.boolean('total', true),
      fields: ['name', 'enabled'],
      idField: '$id',
      resource: 'Database',
    });
    return jsonReply(200, { total, databases: items });
  });

  router.get('/v1/tablesdb/{databaseId}', (ctx) => {
    requireKey(ctx.caller, 'databases.read');
    return jsonReply(200, databaseModel(databaseOf(catalog, ctx)));
  });

  router.put('/v1/tablesdb/{databaseId}', (ctx) => {
    requireKey(ctx.caller, 'databases.write');
    const database = databaseOf(catalog, ctx);
    const updated = catalog.updateDatabase(database, {
      name: ctx.params.optionalString('name', { max: 128 }) ?? database.name,
      enabled: ctx.params.boolean('enabled', database.enabled),
    });
    return jsonReply(200, databaseModel(updated));
  });

  router.delete('/v1/tablesdb/{databaseId}', (ctx) => {
    requireKey(ctx.caller, 'databases.write');
    catalog.deleteDatabase(databaseOf(catalog, ctx));
    return noContent;
  });

  router.post('/v1/tablesdb/{databaseId}/tables', (ctx) => {
    requireKey(ctx.caller, 'tables.write');
    const database = databaseOf(catalog, ctx);
    const id = readCustomId(ctx.params, 'tableId');
    const name = ctx.params.string('name', { max: 128 });
    const permissions = permissionsParam(ctx, 'container') ?? [];
    const columns = arrayParam(ctx, 'columns').map(columnInputFromObject);
    const indexes = arrayParam(ctx, 'indexes').map(indexInputFromObject);
    const created = inlineLimitsWorded(id, () =>
      catalog.transaction(() => {
        let table: TableSchema = catalog.createTable(database, {
          id,
          name,
          permissions,
          rowSecurity: ctx.params.boolean('rowSecurity', false),
          enabled: ctx.params.boolean('enabled', true),
        });
        for (const column of columns) table = engine.addColumn(table, column).table;
        for (const index of indexes) table = engine.addIndex(table, index);
        return table;
      }),
    );
    return jsonReply(201, tableModel(created));
  });

  router.get('/v1/tablesdb/{databaseId}/tables', (ctx) => {
    requireKey(ctx.caller, 'tables.read');
    const database = databaseOf(catalog, ctx);
    const { total, items } = listMetadata(catalog.listTables(database).map(tableModel), {
      queries: ctx.params.raw('queries'),
      search: ctx.params.optionalString('search', { max: 256 }),
      includeTotal: ctx.params.boolean('total', true),
      fields: ['name', 'enabled', 'rowSecurity'],
      idField: '$id',
      resource: 'Table',
    });
    return jsonReply(200, { total, tables: items });
  });

  router.get('/v1/tablesdb/{databaseId}/tables/{tableId}', (ctx) => {
    requireKey(ctx.caller, 'tables.read');
    return jsonReply(200, tableModel(tableOf(catalog, ctx)));
  });

  router.put('/v1/tablesdb/{databaseId}/tables/{tableId}', (ctx) => {
    requireKey(ctx.caller, 'tables.write');
    const table = tableOf(catalog, ctx);
    const updated = catalog.updateTable(table, {
      name: ctx.params.optionalString('name', { max: 128 }) ?? table.name,
      permissions: permissionsParam(ctx, 'container') ?? table.permissions,
      rowSecurity: ctx.params.boolean('rowSecurity', table.rowSecurity),
      enabled: ctx.params.boolean('enabled', table.enabled),
    });
    if (ctx.params.boolean('purge', false)) engine.listCache.purge(updated);
    return jsonReply(200, tableModel(updated));
  });

  router.delete('/v1/tablesdb/{databaseId}/tables/{tableId}', (ctx) => {
    requireKey(ctx.caller, 'tables.write');
    catalog.deleteTable(tableOf(catalog, ctx));
    return noContent;
  });
}

/**
 * Appwrite checks inline columns and indexes when it creates the table, and answers a row width,
 * column or index limit there with its table-limit error (naming the table where the catalogue's
 * wording says database).
 */
function inlineLimitsWorded<T>(tableId: string, create: () => T): T {
  try {
    return create();
  } catch (error) {
    if (error instanceof SchemaLimitError)
      throw new AppwriteError(400, 'table_limit_exceeded', `The maximum number of tables for database '${tableId}' has been reached.`);
    throw error;
  }
}

function arrayParam(ctx: RequestContext, name: string): unknown[] {
  const value = ctx.params.raw(name);
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw errors.argumentInvalid(`Invalid \`${name}\` param: Value must be a valid array`);
  return value;
}
