import type { Module } from '../services.ts';
import { registerFunctionRoutes } from './admin/function-routes.ts';
import { loadDotenv } from './env/dotenv.ts';
import { ExecutionQueue } from './executions/execution-queue.ts';
import { registerExecutionRoutes } from './executions/execution-routes.ts';
import { ExecutionStore } from './executions/execution-store.ts';
import { FunctionExecutor } from './executions/executor.ts';
import { FunctionRegistry } from './registry/function-registry.ts';
import { FunctionRunner } from './runtime/function-runner.ts';
import { subscribeEventTriggers } from './triggers/event-triggers.ts';

/**
 * Functions: the ones `appwrite.config.json` declares run in this process (Open Runtimes Node
 * contract), through HTTP executions and through event triggers on the bus. Asynchronous
 * executions are queued durably and resumed on start (see FunctionExecutor).
 */
export const functionsModule: Module = (router, services) => {
  const registry = new FunctionRegistry(services.projectRoot);
  const store = new ExecutionStore(services.store);
  const queue = new ExecutionQueue(services.store);
  const executor = new FunctionExecutor(services, store, queue, registry, new FunctionRunner(), loadDotenv(services.projectRoot));
  registerFunctionRoutes(router, registry);
  registerExecutionRoutes(router, { services, registry, store, executor });
  // Subscribed before the server listens, so no event of a request can slip past the triggers.
  const unsubscribe = subscribeEventTriggers(services.bus, registry, executor);
  return {
    start() {
      for (const fn of registry.missingEntryFiles()) services.log(`[functions] ${fn.id}: entry file not found: ${fn.entryFile}`);
      // What a stopped (or crashed) server still owed, and whatever was queued before now, runs once the endpoint is known.
      executor.resume();
    },
    close() {
      unsubscribe();
      executor.close();
    },
  };
};
