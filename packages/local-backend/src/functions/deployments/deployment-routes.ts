import { requireKey } from '../../auth/identity.ts';
import { json, noContent, type RequestContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import type { Router } from '../../http/router.ts';
import { functionErrors } from '../admin/function-errors.ts';
import { functionModel, functionView } from '../admin/function-model.ts';
import type { FunctionRecord } from '../registry/function-store.ts';
import { deploymentModel } from './deployment-model.ts';
import type { DeploymentRecord } from './deployment-store.ts';
import { cancelDeployment, duplicateDeployment, selectAttributes, splitSelect } from './deployment-actions.ts';
import { createDeployment, deployableFunction, type DeploymentDeps } from './deployment-upload.ts';

/**
 * The deployments of API functions (API key): upload, list, read, delete, and activation through
 * `PATCH /v1/functions/{functionId}/deployment`, the route `appwrite functions update-function-deployment`
 * and node-appwrite's `updateFunctionDeployment` call.
 */
export function registerDeploymentRoutes(router: Router, deps: DeploymentDeps): void {
  const base = '/v1/functions/{functionId}/deployments';
  router.post(base, (ctx) => createDeployment(ctx, deps), { rawBody: true });
  router.get(base, (ctx) => listDeployments(ctx, deps));
  router.get(`${base}/{deploymentId}`, (ctx) => getDeployment(ctx, deps));
  router.delete(`${base}/{deploymentId}`, (ctx) => deleteDeployment(ctx, deps));
  router.patch('/v1/functions/{functionId}/deployment', (ctx) => activateDeployment(ctx, deps));
  // Appwrite's older path for the same activation, the deployment named in the path.
  router.patch(`${base}/{deploymentId}`, (ctx) => activateDeployment(ctx, deps));
  router.patch(`${base}/{deploymentId}/status`, (ctx) => cancelDeployment(ctx, deps));
  router.post(`${base}/duplicate`, (ctx) => duplicateDeployment(ctx, deps));
}

function existingFunction(deps: DeploymentDeps, id: string): FunctionRecord {
  const fn = deps.functions.find(id);
  if (!fn) throw errors.functionNotFound();
  return fn;
}

/** A deployment of this function; another function's deployment is answered as unknown. */
function deploymentOf(deps: DeploymentDeps, fn: FunctionRecord, id: string): DeploymentRecord {
  const deployment = deps.deployments.find(id);
  if (!deployment || deployment.functionId !== fn.id) throw functionErrors.deploymentNotFound();
  return deployment;
}

function listDeployments(ctx: RequestContext, deps: DeploymentDeps) {
  requireKey(ctx.caller, 'functions.read');
  const fn = existingFunction(deps, ctx.pathParams.functionId ?? '');
  const { queries, selected } = splitSelect(ctx.params.stringArray('queries', { max: 100 }) ?? []);
  const search = ctx.params.optionalString('search', { max: 256 }) ?? '';
  const { total, deployments } = deps.deployments.list(fn.id, queries, search, ctx.params.boolean('total', true));
  return json(200, { total, deployments: deployments.map((deployment) => selectAttributes(deploymentModel(deployment, ctx.responseFormat), selected)) });
}

function getDeployment(ctx: RequestContext, deps: DeploymentDeps) {
  requireKey(ctx.caller, 'functions.read');
  const fn = existingFunction(deps, ctx.pathParams.functionId ?? '');
  return json(200, deploymentModel(deploymentOf(deps, fn, ctx.pathParams.deploymentId ?? ''), ctx.responseFormat));
}

/** Deleting the active deployment leaves the function with none, as on Appwrite. */
async function deleteDeployment(ctx: RequestContext, deps: DeploymentDeps) {
  requireKey(ctx.caller, 'functions.write');
  const fn = existingFunction(deps, ctx.pathParams.functionId ?? '');
  const deployment = deploymentOf(deps, fn, ctx.pathParams.deploymentId ?? '');
  deps.sqlite.transaction(() => {
    deps.deployments.delete(deployment.id);
    if (fn.deploymentId === deployment.id) {
      deps.functions.update({ ...fn, deploymentId: '', deploymentCreatedAt: null, updatedAt: Date.now() });
    }
  });
  await deps.uploads.run(deployment.id, () => deps.files.removeDeployment(fn.id, deployment.id));
  return noContent;
}

function activateDeployment(ctx: RequestContext, deps: DeploymentDeps) {
  requireKey(ctx.caller, 'functions.write');
  const fn = deployableFunction(deps.functions, ctx.pathParams.functionId ?? '');
  const deploymentId = ctx.pathParams.deploymentId ?? ctx.params.string('deploymentId');
  const deployment = deploymentOf(deps, fn, deploymentId);
  if (deployment.status !== 'ready') throw functionErrors.buildNotReady();
  const activated: FunctionRecord = { ...fn, deploymentId: deployment.id, deploymentCreatedAt: deployment.createdAt, updatedAt: Date.now() };
  deps.functions.update(activated);
  return json(200, functionModel(functionView(activated, deps.functions, deps.deployments), ctx.responseFormat));
}
