import type { Module } from '../services.ts';
import { KeyedLock } from '../store/keyed-lock.ts';
import { registerFunctionRoutes } from './admin/function-routes.ts';
import { registerCatalogueRoutes } from './catalogue/catalogue-routes.ts';
import { registerProxyRuleRoutes } from './admin/proxy-rules.ts';
import { registerVariableRoutes } from './admin/variable-routes.ts';
import { DeploymentBuilder } from './deployments/deployment-builder.ts';
import { DeploymentFiles } from './deployments/deployment-files.ts';
import { registerDeploymentRoutes } from './deployments/deployment-routes.ts';
import { DeploymentStore } from './deployments/deployment-store.ts';
import { loadDotenv } from './env/dotenv.ts';
import { ExecutionQueue } from './executions/execution-queue.ts';
import { registerExecutionRoutes } from './executions/execution-routes.ts';
import { ExecutionStore } from './executions/execution-store.ts';
import { FunctionExecutor } from './executions/executor.ts';
import { FunctionRegistry } from './registry/function-registry.ts';
import { FunctionStore } from './registry/function-store.ts';
import { FunctionRunner } from './runtime/function-runner.ts';
import { FunctionScheduler } from './schedule/function-scheduler.ts';
import { ScheduleTicks } from './schedule/schedule-ticks.ts';
import { registerScheduleTickRoute } from './schedule/schedule-tick-route.ts';
import { subscribeEventTriggers } from './triggers/event-triggers.ts';

/**
 * Functions run in this process (Open Runtimes Node contract), through HTTP executions and through
 * event triggers on the bus: those created through the Functions API run their active deployment
 * (a pushed tar.gz, unpacked by DeploymentBuilder), those `appwrite.config.json` declares run their
 * code folder. Asynchronous executions are queued durably and resumed on start (see FunctionExecutor).
 * Schedules (cron) run while the server runs (see FunctionScheduler).
 */
export const functionsModule: Module = (router, services) => {
  const functions = new FunctionStore(services.store);
  const deployments = new DeploymentStore(services.store);
  const files = DeploymentFiles.open(services.dataDir);
  const registry = new FunctionRegistry(functions, deployments, files, services.projectRoot, services.log);
  const builder = new DeploymentBuilder({ sqlite: services.store, functions, deployments, files, log: services.log });
  const store = new ExecutionStore(services.store);
  const queue = new ExecutionQueue(services.store);
  const executor = new FunctionExecutor(services, store, queue, registry, new FunctionRunner(), loadDotenv(services.projectRoot));
  registerFunctionRoutes(router, { sqlite: services.store, functions, deployments, files });
  registerCatalogueRoutes(router);
  registerVariableRoutes(router, functions);
  registerDeploymentRoutes(router, { sqlite: services.store, functions, deployments, files, builder, uploads: new KeyedLock() });
  registerProxyRuleRoutes(router);
  registerExecutionRoutes(router, { services, registry, store, executor });
  const scheduler = new FunctionScheduler({
    sqlite: services.store,
    registry,
    executor,
    ticks: new ScheduleTicks(services.store),
    clock: services.clock,
    log: services.log,
  });
  registerScheduleTickRoute(router, registry, scheduler);
  const stopWatchingFunctions = functions.onChange(() => scheduler.functionsChanged());
  // Subscribed before the server listens, so no event of a request can slip past the triggers.
  const unsubscribe = subscribeEventTriggers(services.bus, registry, executor);
  return {
    start() {
      for (const fn of registry.missingEntryFiles()) services.log(`[functions] ${fn.id}: entry file not found: ${fn.entryFile}`);
      // What a stopped (or crashed) server still owed, and whatever was queued before now, runs once the endpoint is known.
      executor.resume();
      builder.resume();
      scheduler.start();
    },
    async close() {
      stopWatchingFunctions();
      scheduler.close();
      unsubscribe();
      executor.close();
      await builder.close();
      files.close();
    },
  };
};
