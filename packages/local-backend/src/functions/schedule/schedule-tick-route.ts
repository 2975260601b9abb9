import { json } from '../../http/context.ts';
import { AppwriteError, errors } from '../../http/errors.ts';
import type { Router } from '../../http/router.ts';
import { functionErrors } from '../admin/function-errors.ts';
import { executionModel } from '../executions/execution-model.ts';
import type { FunctionRegistry } from '../registry/function-registry.ts';
import type { FunctionScheduler } from './function-scheduler.ts';

/**
 * `POST /v1/dev/functions/{functionId}/schedule-tick`: runs the function as its next schedule tick
 * would, now (trigger `schedule`, asynchronous), and answers 202 with the queued execution. A
 * development route (loopback peers only, no project or key, like the outbox), so an end-to-end
 * test need not wait for a minute boundary; Appwrite has no equivalent. The function's cron ticks
 * go on as planned.
 */
export function registerScheduleTickRoute(router: Router, registry: FunctionRegistry, scheduler: FunctionScheduler): void {
  router.post('/v1/dev/functions/{functionId}/schedule-tick', (ctx) => {
    const fn = registry.get(ctx.pathParams.functionId ?? '');
    if (!fn) throw errors.functionNotFound();
    if (fn.schedule.trim() === '') throw notScheduled(`Function "${fn.id}" has no schedule.`);
    if (!fn.enabled) throw notScheduled(`Function "${fn.id}" is disabled, so its schedule does not run.`);
    if (fn.deploymentId === '') throw functionErrors.noActiveDeployment();
    const record = scheduler.runNow(fn);
    return json(202, executionModel(record, { format: ctx.responseFormat, sensitive: false }));
  });
}

function notScheduled(message: string): AppwriteError {
  return new AppwriteError(400, 'general_bad_request', message);
}
