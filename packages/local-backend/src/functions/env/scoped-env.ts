import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Per-function environment variables for functions that run in this process.
 *
 * On Appwrite each function runs in its own container, so `process.env.APPWRITE_FUNCTION_ID` (and
 * the function's variables) differ per function. Here every function shares one process, and
 * executions of different functions overlap in time, so writing their variables into the real
 * `process.env` would let one execution see another's. Instead `process.env` is replaced, once,
 * by a proxy over the real object: inside `runWithEnv(vars, …)` — that is, in the function's
 * module loading and in every callback, promise and timer that descends from one execution — reads
 * see `vars` first and the real environment second; everywhere else the proxy is transparent.
 * Writes always go to the real environment. Function code therefore keeps reading `process.env`
 * exactly as it would on Appwrite, with no shared mutable state between executions.
 */
const scope = new AsyncLocalStorage<Readonly<Record<string, string>>>();
let installed = false;

function installScopedEnv(): void {
  if (installed) return;
  installed = true;
  const real = process.env;
  const scoped = (key: string | symbol): string | undefined => {
    const vars = scope.getStore();
    return vars && typeof key === 'string' && Object.hasOwn(vars, key) ? vars[key] : undefined;
  };
  process.env = new Proxy(real, {
    get: (target, key) => scoped(key) ?? Reflect.get(target, key),
    has: (target, key) => scoped(key) !== undefined || Reflect.has(target, key),
    ownKeys: (target) => {
      const keys = Reflect.ownKeys(target);
      const vars = scope.getStore();
      return vars ? [...new Set([...keys, ...Object.keys(vars)])] : keys;
    },
    getOwnPropertyDescriptor: (target, key) => {
      const value = scoped(key);
      if (value === undefined) return Reflect.getOwnPropertyDescriptor(target, key);
      return { value, writable: true, enumerable: true, configurable: true };
    },
  });
}

/** Runs `work` (and everything it schedules) with `vars` visible through `process.env`. */
export function runWithEnv<T>(vars: Readonly<Record<string, string>>, work: () => T): T {
  installScopedEnv();
  return scope.run(vars, work);
}
