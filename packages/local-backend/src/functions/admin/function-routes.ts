import { requireKey } from '../../auth/identity.ts';
import { json, noContent, type RequestContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { readCustomId } from '../../http/params.ts';
import type { Router } from '../../http/router.ts';
import type { Store } from '../../store/store.ts';
import type { DeploymentFiles } from '../deployments/deployment-files.ts';
import type { DeploymentStore } from '../deployments/deployment-store.ts';
import { DuplicateRecord, type FunctionRecord, type FunctionStore } from '../registry/function-store.ts';
import { functionErrors } from './function-errors.ts';
import { readFunctionSettings } from './function-input.ts';
import { functionModel, functionView } from './function-model.ts';
import { upgradeLegacyQueries } from './legacy-queries.ts';

export interface FunctionAdminDeps {
  sqlite: Store;
  functions: FunctionStore;
  deployments: DeploymentStore;
  files: DeploymentFiles;
}

/**
 * The Functions API's function routes (API key, `functions.read` / `functions.write`), as the
 * Appwrite CLI's `push functions` and node-appwrite use them. Functions declared in
 * `appwrite.config.json` are listed and read like the others, but not changed here.
 */
export function registerFunctionRoutes(router: Router, deps: FunctionAdminDeps): void {
  router.get('/v1/functions', (ctx) => listFunctions(ctx, deps));
  router.post('/v1/functions', (ctx) => createFunction(ctx, deps));
  router.get('/v1/functions/{functionId}', (ctx) => getFunction(ctx, deps));
  router.put('/v1/functions/{functionId}', (ctx) => updateFunction(ctx, deps));
  router.delete('/v1/functions/{functionId}', (ctx) => deleteFunction(ctx, deps));
}

function model(ctx: RequestContext, deps: FunctionAdminDeps, fn: FunctionRecord): Record<string, unknown> {
  return functionModel(functionView(fn, deps.functions, deps.deployments), ctx.responseFormat);
}

function listFunctions(ctx: RequestContext, deps: FunctionAdminDeps) {
  requireKey(ctx.caller, 'functions.read');
  const queries = upgradeLegacyQueries(ctx.params.stringArray('queries', { max: 100 }) ?? [], ctx.responseFormat);
  const search = ctx.params.optionalString('search', { max: 256 }) ?? '';
  const { total, functions } = deps.functions.list(queries, search, ctx.params.boolean('total', true));
  return json(200, { total, functions: functions.map((fn) => model(ctx, deps, fn)) });
}

function getFunction(ctx: RequestContext, deps: FunctionAdminDeps) {
  requireKey(ctx.caller, 'functions.read');
  const fn = deps.functions.find(ctx.pathParams.functionId ?? '');
  if (!fn) throw errors.functionNotFound();
  return json(200, model(ctx, deps, fn));
}

function createFunction(ctx: RequestContext, deps: FunctionAdminDeps) {
  requireKey(ctx.caller, 'functions.write');
  const id = readCustomId(ctx.params, 'functionId');
  const settings = readFunctionSettings(ctx.params, ctx.responseFormat);
  const now = Date.now();
  const fn: FunctionRecord = {
    id,
    source: 'api',
    ...settings,
    live: true,
    deploymentId: '',
    deploymentCreatedAt: null,
    codePath: '',
    createdAt: now,
    updatedAt: now,
  };
  try {
    deps.functions.insert(fn);
  } catch (error) {
    if (error instanceof DuplicateRecord) throw functionErrors.alreadyExists();
    throw error;
  }
  return json(201, model(ctx, deps, fn));
}

/**
 * A whole replacement of the settings (see readFunctionSettings). Changing what a deployment was
 * built from (name, runtime, entrypoint, commands) marks the function not `live`, as on Appwrite.
 */
function updateFunction(ctx: RequestContext, deps: FunctionAdminDeps) {
  requireKey(ctx.caller, 'functions.write');
  const fn = deps.functions.find(ctx.pathParams.functionId ?? '');
  if (!fn) throw errors.functionNotFound();
  if (fn.source === 'config') throw functionErrors.declaredInConfig(fn.id);
  const settings = readFunctionSettings(ctx.params, ctx.responseFormat, fn);
  const rebuilt = settings.name !== fn.name || settings.entrypoint !== fn.entrypoint || settings.commands !== fn.commands || settings.runtime !== fn.runtime;
  const updated: FunctionRecord = { ...fn, ...settings, live: rebuilt ? false : fn.live, updatedAt: Date.now() };
  deps.functions.update(updated);
  return json(200, model(ctx, deps, updated));
}

/** Removes the function with its variables and deployments (their archives and builds too). */
async function deleteFunction(ctx: RequestContext, deps: FunctionAdminDeps) {
  requireKey(ctx.caller, 'functions.write');
  const fn = deps.functions.find(ctx.pathParams.functionId ?? '');
  if (!fn) throw errors.functionNotFound();
  if (fn.source === 'config') throw functionErrors.declaredInConfig(fn.id);
  const deploymentIds = deps.deployments.ofFunction(fn.id).map((deployment) => deployment.id);
  deps.sqlite.transaction(() => deps.functions.delete(fn.id));
  await deps.files.removeFunction(fn.id, deploymentIds);
  return noContent;
}
