import { requireKey } from '../../auth/identity.ts';
import { json, type RequestContext } from '../../http/context.ts';
import { AppwriteError } from '../../http/errors.ts';
import { uniqueId } from '../../http/params.ts';
import { functionErrors } from '../admin/function-errors.ts';
import { deploymentModel } from './deployment-model.ts';
import type { DeploymentRecord } from './deployment-store.ts';
import { deployableFunction, type DeploymentDeps } from './deployment-upload.ts';

const buildAlreadyCompleted = () =>
  new AppwriteError(400, 'build_already_completed', 'Build with the requested ID is already completed and cannot be canceled.');

/** The line a canceled build's logs end with, as Appwrite's builds worker writes it. */
export const CANCELED_LOG = 'Build has been canceled.';

function deploymentOf(deps: DeploymentDeps, functionId: string, deploymentId: string): DeploymentRecord {
  const deployment = deps.deployments.find(deploymentId);
  if (!deployment || deployment.functionId !== functionId) throw functionErrors.deploymentNotFound();
  return deployment;
}

/**
 * `PATCH /v1/functions/{functionId}/deployments/{deploymentId}/status`: cancels a build that has not
 * finished. The builder then records nothing for it (see DeploymentBuilder.finish).
 */
export function cancelDeployment(ctx: RequestContext, deps: DeploymentDeps) {
  requireKey(ctx.caller, 'functions.write');
  const fn = deployableFunction(deps.functions, ctx.pathParams.functionId ?? '');
  const deployment = deploymentOf(deps, fn.id, ctx.pathParams.deploymentId ?? '');
  if (deployment.status === 'ready' || deployment.status === 'failed') throw buildAlreadyCompleted();
  const canceled: DeploymentRecord = {
    ...deployment,
    status: 'canceled',
    buildLogs: deployment.status === 'canceled' ? deployment.buildLogs : `${deployment.buildLogs}${CANCELED_LOG}\n`,
    buildDuration: Math.max(0, Math.round((Date.now() - deployment.updatedAt) / 1000)),
    updatedAt: Date.now(),
  };
  deps.deployments.save(canceled);
  return json(200, deploymentModel(canceled, ctx.responseFormat));
}

/**
 * `POST /v1/functions/{functionId}/deployments/duplicate`: a new deployment of the same archive, built
 * again with the function's current entrypoint and build commands, activated once ready if the original
 * asked to be, as Appwrite copies it.
 */
export async function duplicateDeployment(ctx: RequestContext, deps: DeploymentDeps) {
  requireKey(ctx.caller, 'functions.write');
  const fn = deployableFunction(deps.functions, ctx.pathParams.functionId ?? '');
  const original = deploymentOf(deps, fn.id, ctx.params.string('deploymentId'));
  if (original.chunksUploaded < original.chunksTotal) throw functionErrors.deploymentNotFound();
  const id = uniqueId();
  let sourceSize: number;
  try {
    sourceSize = await deps.files.copySource(original.id, id);
  } catch {
    throw functionErrors.deploymentNotFound();
  }
  const now = Date.now();
  const duplicate: DeploymentRecord = {
    ...original,
    id,
    entrypoint: fn.entrypoint,
    commands: fn.commands,
    status: 'waiting',
    sourceSize,
    buildSize: 0,
    buildLogs: '',
    buildDuration: 0,
    createdAt: now,
    updatedAt: now,
  };
  deps.sqlite.transaction(() => {
    deps.deployments.save(duplicate);
    if (duplicate.activate) deps.deployments.withdrawActivation(fn.id, duplicate.id);
  });
  deps.builder.queue(duplicate.id);
  return json(202, deploymentModel(duplicate, ctx.responseFormat));
}

/**
 * `queries[]` of `listDeployments` with Appwrite's `select` taken out: the store filters and pages, and
 * the selected attributes (with the `$` ones, which Appwrite always returns) shape each model.
 */
export function splitSelect(queries: readonly string[]): { queries: string[]; selected: string[] | undefined } {
  const rest: string[] = [];
  let selected: string[] | undefined;
  for (const query of queries) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(query);
    } catch {
      rest.push(query);
      continue;
    }
    const { method, values } = (parsed ?? {}) as { method?: unknown; values?: unknown };
    if (method === 'select' && Array.isArray(values)) selected = [...(selected ?? []), ...values.map(String)];
    else rest.push(query);
  }
  return { queries: rest, selected };
}

export function selectAttributes(model: Record<string, unknown>, selected: readonly string[] | undefined): Record<string, unknown> {
  if (!selected || selected.includes('*')) return model;
  return Object.fromEntries(Object.entries(model).filter(([key]) => key.startsWith('$') || selected.includes(key)));
}
