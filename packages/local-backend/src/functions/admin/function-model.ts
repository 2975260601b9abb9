import { formatAtLeast } from '../../http/context.ts';
import { formatDate } from '../../models/time.ts';
import type { DeploymentRecord, DeploymentStore } from '../deployments/deployment-store.ts';
import type { FunctionRecord, FunctionStore, VariableRecord } from '../registry/function-store.ts';

const optionalDate = (time: number | null | undefined): string => (time === null || time === undefined ? '' : formatDate(time));

/** Appwrite's Variable model: a secret variable's value is never shown (it reads as ''). */
export function variableModel(variable: VariableRecord): Record<string, unknown> {
  return {
    $id: variable.id,
    $createdAt: formatDate(variable.createdAt),
    $updatedAt: formatDate(variable.updatedAt),
    key: variable.key,
    value: variable.secret ? '' : variable.value,
    secret: variable.secret,
    resourceType: 'function',
    resourceId: variable.functionId,
  };
}

export interface FunctionView {
  fn: FunctionRecord;
  vars: readonly VariableRecord[];
  /** The most recent deployment; a declared function's code folder counts as a ready one. */
  latest: Pick<DeploymentRecord, 'id' | 'createdAt' | 'status'> | undefined;
}

/** What the Function model shows of a stored function: its variables and its latest deployment. */
export function functionView(fn: FunctionRecord, functions: FunctionStore, deployments: DeploymentStore): FunctionView {
  const latest =
    fn.source === 'config' ? { id: fn.deploymentId, createdAt: fn.deploymentCreatedAt ?? fn.updatedAt, status: 'ready' as const } : deployments.latest(fn.id);
  return { fn, vars: functions.variables(fn.id), latest };
}

/**
 * Appwrite 1.9's Function model in the caller's response format: before 1.9.0 one `specification`
 * stands for both (the Appwrite CLI 12 reads 1.8.0), before 1.7.0 the active deployment is
 * `deployment` and the deployment dates are absent.
 */
export function functionModel({ fn, vars, latest }: FunctionView, format: string): Record<string, unknown> {
  const model: Record<string, unknown> = {
    $id: fn.id,
    $createdAt: formatDate(fn.createdAt),
    $updatedAt: formatDate(fn.updatedAt),
    execute: fn.execute,
    name: fn.name,
    enabled: fn.enabled,
    live: fn.live,
    logging: fn.logging,
    runtime: fn.runtime,
    deploymentRetention: fn.deploymentRetention,
    deploymentId: fn.deploymentId,
    deploymentCreatedAt: optionalDate(fn.deploymentCreatedAt),
    latestDeploymentId: latest?.id ?? '',
    latestDeploymentCreatedAt: optionalDate(latest?.createdAt),
    latestDeploymentStatus: latest?.status ?? '',
    scopes: fn.scopes,
    vars: vars.map(variableModel),
    events: fn.events,
    schedule: fn.schedule,
    timeout: fn.timeout,
    entrypoint: fn.entrypoint,
    commands: fn.commands,
    version: 'v5',
    installationId: '',
    providerRepositoryId: '',
    providerBranch: '',
    providerRootDirectory: '',
    providerSilentMode: false,
    providerBranches: [],
    providerPaths: [],
    buildSpecification: fn.buildSpecification,
    runtimeSpecification: fn.runtimeSpecification,
  };
  if (!formatAtLeast(format, '1.9.0')) {
    model.specification = fn.buildSpecification;
    delete model.buildSpecification;
    delete model.runtimeSpecification;
  }
  // Scopes and specifications came in 1.6.0: Appwrite's response filter for older clients takes them out.
  if (!formatAtLeast(format, '1.6.0')) {
    delete model.scopes;
    delete model.specification;
  }
  if (!formatAtLeast(format, '1.7.0')) {
    model.deployment = fn.deploymentId;
    for (const key of ['deploymentId', 'deploymentCreatedAt', 'latestDeploymentId', 'latestDeploymentCreatedAt', 'latestDeploymentStatus']) delete model[key];
  }
  return model;
}
