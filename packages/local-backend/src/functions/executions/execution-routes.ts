import { requireKey, requireUser, type Caller } from '../../auth/identity.ts';
import { json, noContent, type RequestContext } from '../../http/context.ts';
import { AppwriteError, errors } from '../../http/errors.ts';
import type { ParamReader } from '../../http/params.ts';
import type { Router } from '../../http/router.ts';
import { executionReply } from './execution-reply.ts';
import type { Services } from '../../services.ts';
import { functionErrors } from '../admin/function-errors.ts';
import type { FunctionRegistry, LocalFunction } from '../registry/function-registry.ts';
import { readUserHeaders } from './execution-headers.ts';
import { executionModel } from './execution-model.ts';
import { parseExecutionQueries } from './execution-queries.ts';
import type { ExecutionStore, ReaderRoles } from './execution-store.ts';
import type { FunctionExecutor } from './executor.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
const MAX_BODY = 10_485_760;

export interface ExecutionDeps {
  services: Services;
  registry: FunctionRegistry;
  store: ExecutionStore;
  executor: FunctionExecutor;
}

/** `POST/GET /v1/functions/{functionId}/executions[/{executionId}]` (protocol 8.1, 8.2). */
export function registerExecutionRoutes(router: Router, deps: ExecutionDeps): void {
  const base = '/v1/functions/{functionId}/executions';
  router.post(base, (ctx) => createExecution(ctx, deps));
  router.get(base, (ctx) => listExecutions(ctx, deps));
  router.get(`${base}/{executionId}`, (ctx) => getExecution(ctx, deps));
  router.delete(`${base}/{executionId}`, (ctx) => deleteExecution(ctx, deps));
}

async function createExecution(ctx: RequestContext, { registry, executor }: ExecutionDeps) {
  const { params, caller } = ctx;
  const requestBody = readBody(params);
  const isAsync = params.boolean('async', false);
  const path = params.optionalString('path', { max: 2048 }) ?? '/';
  const method = params.optionalString('method') ?? 'POST';
  if (!METHODS.includes(method)) throw errors.argumentInvalid(`Invalid \`method\` param: Value must be one of (${METHODS.join(', ')})`);
  const headers = readUserHeaders(readHeadersParam(params));
  if (!isAsync && params.has('scheduledAt')) {
    throw errors.badRequest('Scheduled executions must run asynchronously. Set scheduledAt to a future date, or set async to true.');
  }

  const fn = visibleFunction(registry, ctx.pathParams.functionId ?? '', caller);
  if (fn.deploymentId === '') throw functionErrors.noActiveDeployment();
  assertMayExecute(fn, caller);
  const input = {
    fn,
    trigger: 'http' as const,
    method,
    path,
    ...requestBody,
    headers,
    event: '',
    userId: caller.kind === 'user' ? caller.user.id : '',
    // The function gets a JWT of this session, minted when it starts.
    sessionId: caller.kind === 'user' ? (caller.session?.id ?? '') : '',
    clientIp: ctx.clientIp.replace(/^::ffff:/, ''),
    permissions: caller.kind === 'user' ? [`read("user:${caller.user.id}")`] : [],
  };
  const view = { format: ctx.responseFormat, sensitive: caller.kind === 'key' };
  if (isAsync) return json(202, executionModel(executor.enqueue(input), view));
  const result = await executor.runSync(input);
  // A HEAD request has no response body, whatever the function wrote (HTTP says so, and Appwrite follows).
  const responseBody = method === 'HEAD' ? '' : result.responseBody;
  const model = executionModel(result.record, { ...view, responseBody, responseHeaders: result.responseHeaders });
  return executionReply(ctx, model, method === 'HEAD' ? Buffer.alloc(0) : result.responseBytes);
}

function listExecutions(ctx: RequestContext, { registry, store }: ExecutionDeps) {
  const readers = readableBy(ctx.caller);
  const fn = visibleFunction(registry, ctx.pathParams.functionId ?? '', ctx.caller);
  const queries = ctx.params.stringArray('queries', { max: 100 }) ?? [];
  const withTotal = ctx.params.boolean('total', true);
  const { total, records } = store.list(fn.id, parseExecutionQueries(queries), readers, withTotal);
  const view = { format: ctx.responseFormat, sensitive: ctx.caller.kind === 'key' };
  return json(200, { total, executions: records.map((record) => executionModel(record, view)) });
}

function getExecution(ctx: RequestContext, { registry, store }: ExecutionDeps) {
  const readers = readableBy(ctx.caller);
  const fn = visibleFunction(registry, ctx.pathParams.functionId ?? '', ctx.caller);
  const record = store.find(fn.id, ctx.pathParams.executionId ?? '', readers);
  if (!record) throw errors.executionNotFound();
  return json(200, executionModel(record, { format: ctx.responseFormat, sensitive: ctx.caller.kind === 'key' }));
}

function deleteExecution(ctx: RequestContext, { services, registry, store }: ExecutionDeps) {
  requireKey(ctx.caller, 'executions.write');
  const fn = visibleFunction(registry, ctx.pathParams.functionId ?? '', ctx.caller);
  const record = store.find(fn.id, ctx.pathParams.executionId ?? '', undefined);
  if (!record) throw errors.executionNotFound();
  if (record.status === 'waiting' || record.status === 'processing') {
    throw new AppwriteError(400, 'execution_in_progress', "Can't delete ongoing execution. Please wait for execution to finish before deleting it.");
  }
  store.delete(fn.id, record.id);
  services.bus.publish({
    resource: 'execution',
    name: `functions.${fn.id}.executions.${record.id}.delete`,
    payload: executionModel(record, { format: '2.0.0', sensitive: false }),
    readRoles: [],
    ids: { functionId: fn.id, executionId: record.id },
    action: 'delete',
  });
  return noContent;
}

/** Disabled functions do not exist for anyone but API keys (Appwrite's rule). */
export function visibleFunction(registry: FunctionRegistry, id: string, caller: Caller): LocalFunction {
  const fn = registry.get(id);
  if (!fn || (!fn.enabled && caller.kind !== 'key')) throw errors.functionNotFound();
  return fn;
}

/** Reading executions needs `executions.read`: signed-in users and keys have it, guests do not. */
function readableBy(caller: Caller): ReaderRoles {
  if (caller.kind === 'key') return undefined;
  requireUser(caller, 'executions.read');
  return caller.roles;
}

function assertMayExecute(fn: LocalFunction, caller: Caller): void {
  if (caller.kind === 'key' || fn.execute.some((role) => caller.roles.includes(role))) return;
  if (fn.execute.length === 0) throw errors.userUnauthorized("No permissions provided for action 'execute'");
  throw errors.userUnauthorized(
    `Missing "execute" permission for role "${caller.roles.at(-1) ?? 'guests'}". Only ${JSON.stringify(fn.execute)} scopes are allowed and ${JSON.stringify(caller.roles)} was given.`,
  );
}

/** The `body` param: text, or bytes (a multipart field that is not UTF-8), carried as base64. */
function readBody(params: ParamReader): { body: string; bodyEncoding?: 'base64' } {
  const value = params.raw('body');
  if (value === undefined || value === null) return { body: '' };
  if (Buffer.isBuffer(value) && value.length <= MAX_BODY) return { body: value.toString('base64'), bodyEncoding: 'base64' };
  if (typeof value !== 'string' || value.length > MAX_BODY) {
    throw errors.argumentInvalid(`Invalid \`body\` param: Value must be a valid string and no longer than ${MAX_BODY} chars`);
  }
  return { body: value };
}

/** `headers` arrives as a JSON object, or as its JSON text (multipart clients); empty means none. */
function readHeadersParam(params: ParamReader): Record<string, unknown> | undefined {
  const value = params.raw('headers');
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  return params.object('headers');
}
