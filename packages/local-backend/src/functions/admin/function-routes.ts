import { requireKey } from '../../auth/identity.ts';
import { json } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import type { Router } from '../../http/router.ts';
import { formatDate } from '../../models/time.ts';
import { LOCAL_DEPLOYMENT_ID, type FunctionRegistry, type LocalFunction } from '../registry/function-registry.ts';

const SPECIFICATION = 's-1vcpu-512mb';

/**
 * Read-only provisioning view of the functions (`functions.list` / `functions.get` with a key).
 * Functions are declared in `appwrite.config.json`; creating or deploying them through the API is
 * not offered, since the local server runs the code folders the config names.
 */
export function registerFunctionRoutes(router: Router, registry: FunctionRegistry): void {
  router.get('/v1/functions', (ctx) => {
    requireKey(ctx.caller, 'functions.read');
    const functions = registry.all().map(functionModel);
    return json(200, { total: functions.length, functions });
  });
  router.get('/v1/functions/{functionId}', (ctx) => {
    requireKey(ctx.caller, 'functions.read');
    const fn = registry.get(ctx.pathParams.functionId ?? '');
    if (!fn) throw errors.functionNotFound();
    return json(200, functionModel(fn));
  });
}

/** Appwrite's Function model; the deployment is always the code folder, ready. */
function functionModel(fn: LocalFunction): Record<string, unknown> {
  const declared = formatDate(fn.declaredAt);
  return {
    $id: fn.id, $createdAt: declared, $updatedAt: declared,
    execute: fn.execute, name: fn.name, enabled: fn.enabled, live: true, logging: fn.logging,
    runtime: fn.runtime, deploymentRetention: 0,
    deploymentId: LOCAL_DEPLOYMENT_ID, deploymentCreatedAt: declared,
    latestDeploymentId: LOCAL_DEPLOYMENT_ID, latestDeploymentCreatedAt: declared, latestDeploymentStatus: 'ready',
    scopes: fn.scopes,
    vars: Object.entries(fn.vars).map(([key, value]) => ({
      $id: key, $createdAt: declared, $updatedAt: declared, key, value, secret: false, resourceType: 'function', resourceId: fn.id,
    })),
    events: fn.events, schedule: fn.schedule, timeout: fn.timeout, entrypoint: fn.entrypoint, commands: fn.commands,
    version: 'v5', installationId: '', providerRepositoryId: '', providerBranch: '', providerRootDirectory: '',
    providerSilentMode: false, providerBranches: [], providerPaths: [],
    buildSpecification: SPECIFICATION, runtimeSpecification: SPECIFICATION,
  };
}
