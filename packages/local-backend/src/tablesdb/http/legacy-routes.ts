import type { Handler, Reply, RequestContext } from '../../http/context.ts';
import { AppwriteError } from '../../http/errors.ts';
import { ParamReader, type Params } from '../../http/params.ts';
import { Router, type Method } from '../../http/router.ts';
import { jsonReply, replyBody } from './json-reply.ts';
import { legacyError, TABLESDB_PARAMS } from './legacy-wording.ts';

type Model = Record<string, unknown>;

/**
 * One engine, two wordings. Every TablesDB route registered through a `TwinRouter` also answers
 * under the legacy Databases API, as Appwrite 1.9 keeps both (`/v1/databases/{id}/collections/{id}
 * /attributes|indexes|documents`, `/v1/databases/transactions`): the legacy request's params are
 * read under TablesDB's names (`collectionId` is `tableId`, `documentId` is `rowId`, …), the
 * answer's models are renamed (`$collectionId`, `documentSecurity`, `attributes`, `documents`,
 * `collections`) and its errors reworded (`collection_not_found`, `document_*`, `attribute_*`).
 */
export class TwinRouter extends Router {
  constructor(private readonly target: Router) {
    super();
  }

  override add(method: Method, path: string, handler: Handler, options: { rawBody?: boolean } = {}): void {
    this.target.add(method, path, handler, options);
    const legacy = legacyPath(path);
    if (legacy) this.target.add(method, legacy, legacyHandler(legacy, handler), options);
  }
}

const SEGMENTS: Readonly<Record<string, string>> = { tables: 'collections', columns: 'attributes', rows: 'documents' };

/** `/v1/tablesdb/{databaseId}/tables/{tableId}/rows` → `/v1/databases/{databaseId}/collections/{tableId}/documents`. */
export function legacyPath(path: string): string | undefined {
  if (path !== '/v1/tablesdb' && !path.startsWith('/v1/tablesdb/')) return undefined;
  const [, , ...rest] = path.split('/').filter(Boolean);
  return ['/v1/databases', ...rest.map((segment) => SEGMENTS[segment] ?? segment)].join('/');
}

function legacyHandler(path: string, handler: Handler): Handler {
  const mapBody = bodyMapper(path);
  return async (ctx) => {
    let reply: Reply;
    try {
      reply = await handler(withTablesDbParams(ctx));
    } catch (error) {
      throw error instanceof AppwriteError ? legacyError(error) : error;
    }
    const body = replyBody(reply);
    if (body === undefined || !('status' in reply)) return reply;
    const mapped = jsonReply(reply.status, mapBody(body));
    // Headers the handler set (`X-Appwrite-Cache`) stay.
    return 'headers' in reply && reply.headers && 'text' in mapped ? { ...mapped, headers: { ...reply.headers, ...mapped.headers } } : mapped;
  };
}

/** The request as the TablesDB handler reads it: legacy param names under TablesDB's. */
function withTablesDbParams(ctx: RequestContext): RequestContext {
  const params: Params = {};
  for (const [key, value] of Object.entries({ ...ctx.query, ...ctx.body })) {
    const name = TABLESDB_PARAMS[key] ?? key;
    params[name] = name === 'operations' && Array.isArray(value) ? value.map(operationParams) : value;
  }
  return { ...ctx, params: new ParamReader(params) };
}

/** A transaction operation names its collection and document as `collectionId` and `documentId` (Appwrite's Operation validator). */
function operationParams(operation: unknown): unknown {
  if (typeof operation !== 'object' || operation === null || Array.isArray(operation)) return operation;
  const renamed: Model = {};
  for (const [key, value] of Object.entries(operation)) {
    // TablesDB's own names mean nothing here: Appwrite's legacy validator ignores them.
    if (key === 'tableId' || key === 'rowId') continue;
    renamed[key === 'collectionId' ? 'tableId' : key === 'documentId' ? 'rowId' : key] = value;
  }
  return renamed;
}

/** How the answer of one legacy route is renamed, from its path. */
function bodyMapper(path: string): (body: unknown) => unknown {
  const segments = path.split('/').filter(Boolean).slice(2);
  if (segments[0] === 'transactions' || segments.length < 2) return (body) => body;
  const kind = segments.includes('documents')
    ? 'documents'
    : segments.includes('indexes')
      ? 'indexes'
      : segments.includes('attributes')
        ? 'attributes'
        : 'collections';
  switch (kind) {
    case 'documents':
      return (body) => mapListOrOne(body, 'rows', 'documents', documentModel);
    case 'indexes':
      return (body) => mapListOrOne(body, 'indexes', 'indexes', indexModel);
    case 'attributes':
      return (body) => mapListOrOne(body, 'columns', 'attributes', attributeModel);
    case 'collections':
      return (body) => mapListOrOne(body, 'tables', 'collections', collectionModel);
  }
}

function isModel(value: unknown): value is Model {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A list answer (`{total, <listKey>: [...]}`) or a single model. */
function mapListOrOne(body: unknown, listKey: string, legacyKey: string, map: (model: Model) => Model): unknown {
  if (!isModel(body)) return body;
  const list = body[listKey];
  if (Array.isArray(list) && 'total' in body) {
    return renameKeys(body, { [listKey]: legacyKey }, { [listKey]: list.map((item: unknown) => (isModel(item) ? map(item) : item)) });
  }
  return map(body);
}

/** The same object with some keys renamed in place (order kept) and some values replaced. */
function renameKeys(model: Model, names: Readonly<Record<string, string>>, values: Readonly<Record<string, unknown>> = {}): Model {
  const renamed: Model = {};
  for (const [key, value] of Object.entries(model)) renamed[names[key] ?? key] = key in values ? values[key] : value;
  return renamed;
}

/** Appwrite's Document model: the Row model with `$collectionId` for `$tableId`. */
export function documentModel(row: Model): Model {
  return renameKeys(row, { $tableId: '$collectionId' });
}

/** Appwrite's Attribute models: a relationship names its `relatedCollection`. */
function attributeModel(column: Model): Model {
  return renameKeys(column, { relatedTable: 'relatedCollection' });
}

/** Appwrite's Index model: `attributes` for `columns`. */
function indexModel(index: Model): Model {
  return renameKeys(index, { columns: 'attributes' });
}

/** Appwrite's Collection model: `documentSecurity`, `attributes`, and Index models. */
function collectionModel(table: Model): Model {
  const indexes = Array.isArray(table.indexes) ? table.indexes.map((index: unknown) => (isModel(index) ? indexModel(index) : index)) : table.indexes;
  const attributes = Array.isArray(table.columns) ? table.columns.map((column: unknown) => (isModel(column) ? attributeModel(column) : column)) : table.columns;
  return renameKeys(table, { rowSecurity: 'documentSecurity', columns: 'attributes' }, { indexes, columns: attributes });
}
