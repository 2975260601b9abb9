import { PortalError } from './errors.ts';
import type { LiveErrorHandler, Unsubscribe } from './live.ts';

/** Something loaded once, when first asked for; a failed load is tried again on the next ask. */
export interface LoadOnce<T> {
  get(): Promise<T>;
  /** What was loaded, if it was. */
  loaded(): T | undefined;
  /** The load under way or done, if one was asked for (and did not fail). */
  current(): Promise<T> | undefined;
}

export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    get: () =>
      (loading ??= load().then(
        (loaded) => (value = loaded),
        (thrown: unknown) => {
          // Offline for a moment: the next call tries again instead of failing forever.
          loading = undefined;
          throw PortalError.from(thrown);
        },
      )),
    loaded: () => value,
    current: () => loading,
  };
}

/** How the methods of a {@link lazyModule} that cannot wait for its code are called before it is there. */
export interface LazyModuleOptions<M, Now extends keyof M> {
  /** Synchronous methods that need none of the module's code, called as they are. */
  now?: Pick<M, Now>;
  /**
   * Live subscriptions, with the position of their error handler among their arguments: one starts
   * once the code is there (its error handler hears of a failed load), and its `Unsubscribe` works at once.
   */
  live?: Partial<Record<Exclude<keyof M, Now>, number>>;
  /**
   * Looks again at what a loaded method's promise rejected with, and answers what to reject with
   * instead (a `network` failure may turn out to be an unregistered origin). Failures to load the
   * module's code are not its to explain: they come from the application's own server.
   */
  explain?: (thrown: unknown) => Promise<unknown>;
}

type Method = (...args: unknown[]) => unknown;

/**
 * A module of the portal client whose code (and the `appwrite` web SDK under it) is loaded when one of
 * its methods is first called, so an application downloads only the modules it uses, and none of them
 * before its first page shows. An asynchronous method waits for the code and then runs (a failed load
 * rejects with a `network` PortalError, and the next call tries again); once it is there, every call goes
 * straight through.
 *
 * The object has every property one reads from it, as a function, and no own keys: take its methods by
 * name, as the module's interface lists them (spreading or enumerating it finds none).
 */
export function lazyModule<M extends object, Now extends keyof M = never>(load: () => Promise<Omit<M, Now>>, options?: LazyModuleOptions<M, Now>): M {
  const code = loadOnce(load);
  const now = (options?.now ?? {}) as Partial<Record<PropertyKey, Method>>;
  const live = (options?.live ?? {}) as Partial<Record<PropertyKey, number>>;
  const explain = options?.explain;
  const run = (module: object, name: string, args: unknown[]): unknown => {
    const result = call(module, name, args);
    return explain && result instanceof Promise
      ? result.catch(async (thrown: unknown) => {
          throw await explain(thrown);
        })
      : result;
  };
  const methods = new Map<string, Method>();

  const forward = (name: string): Method => {
    const errorAt = live[name];
    if (errorAt !== undefined) {
      return (...args) => {
        const real = code.loaded();
        return real ? call(real, name, args) : subscribeWhenLoaded(name, args, errorAt);
      };
    }
    return (...args) => {
      const real = code.loaded();
      return real ? run(real, name, args) : code.get().then((loaded) => run(loaded, name, args));
    };
  };

  function subscribeWhenLoaded(name: string, args: unknown[], errorAt: number): Unsubscribe {
    let stopped = false;
    const started = code.get().then(
      (loaded) => (stopped ? undefined : (call(loaded, name, args) as Unsubscribe)),
      (error: PortalError) => {
        (args[errorAt] as LiveErrorHandler | undefined)?.(error);
        return undefined;
      },
    );
    return async () => {
      stopped = true;
      await (
        await started
      )?.();
    };
  }

  return new Proxy({} as M, {
    get(_target, name) {
      // Not a thenable: `await` or `Promise.resolve` of a module must not take it for a promise.
      if (typeof name !== 'string' || name === 'then') return undefined;
      let method = methods.get(name);
      if (!method) {
        method = now[name] ?? forward(name);
        methods.set(name, method);
      }
      return method;
    },
  });
}

function call(module: object, name: string, args: unknown[]): unknown {
  const method: unknown = Reflect.get(module, name);
  if (typeof method !== 'function') throw new TypeError(`The portal client's module has no ${name}().`);
  return Reflect.apply(method, module, args);
}
