import type { Module } from '../services.ts';
import { registerFunctionRoutes } from './admin/function-routes.ts';
import { loadDotenv } from './env/dotenv.ts';
import { registerExecutionRoutes } from './executions/execution-routes.ts';
import { ExecutionStore } from './executions/execution-store.ts';
import { FunctionExecutor } from './executions/executor.ts';
import { FunctionRegistry } from './registry/function-registry.ts';
import { FunctionRunner } from './runtime/function-runner.ts';
import { subscribeEventTriggers } from './triggers/event-triggers.ts';

/**
 * Functions: the ones `appwrite.config.json` declares run in this process (Open Runtimes Node
 * contract), through HTTP executions and through event triggers on the bus.
 */
export const functionsModule: Module = (router, services) => {
  const registry = new FunctionRegistry(services.projectRoot);
  const store = new ExecutionStore(services.store);
  const executor = new FunctionExecutor(services, store, new FunctionRunner(), loadDotenv(services.projectRoot));
  registerFunctionRoutes(router, registry);
  registerExecutionRoutes(router, { services, registry, store, executor });
  let unsubscribe = (): void => {};
  return {
    start() {
      store.failUnfinished('The server stopped before the execution finished.', Date.now());
      for (const fn of registry.missingEntryFiles()) services.log(`[functions] ${fn.id}: entry file not found: ${fn.entryFile}`);
      unsubscribe = subscribeEventTriggers(services.bus, registry, executor);
    },
    close() {
      unsubscribe();
      executor.close();
    },
  };
};
