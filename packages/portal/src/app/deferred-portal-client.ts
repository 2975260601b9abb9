import { readSessionFlag, type KeyValueStorage, type PortalClient, type StoredSession } from '@opportunity-kit/sdk';

/**
 * The portal's SDK client, loaded only when something first calls it, so a visitor reading /welcome
 * loads none of it (the real client loads each of its modules, and the `appwrite` SDK under them, with
 * their first calls in turn); a member's first call (the session check) loads it at once.
 *
 * `client` stands in for the real one from the start, so pages and widgets keep one stable client:
 * an asynchronous method waits for the load and then runs on the real client; once loaded, every call
 * goes straight through. The few synchronous methods cannot wait: `auth.storedSession()` reads the
 * local flag itself, and the others (live subscriptions, file addresses, the federated redirect) are
 * only called by lazy pages, which the router shows only after `ready()` (see `awaitingClient` in
 * app.tsx).
 */
export interface DeferredPortalClient {
  readonly client: PortalClient;
  /** Loads the real client (once; again after a failed load) and answers it. */
  ready(): Promise<PortalClient>;
  /** True once the real client is there. */
  loaded(): boolean;
}

type ModuleName = Exclude<keyof PortalClient, 'close'>;
type Method = (...args: unknown[]) => unknown;

const SYNCHRONOUS: Readonly<Partial<Record<ModuleName, readonly string[]>>> = {
  auth: ['federatedSignIn', 'storedSession'],
  jobs: ['subscribe', 'watch'],
  posts: ['subscribe'],
  notifications: ['subscribe'],
  files: ['viewUrl', 'downloadUrl'],
};

// A record, not a list: a module the SDK gains and this forgets is a type error, not an undefined at run time.
const MODULE_NAMES: Readonly<Record<ModuleName, true>> = {
  auth: true,
  jobs: true,
  applications: true,
  profiles: true,
  posts: true,
  newsletter: true,
  ai: true,
  files: true,
  hours: true,
  saved: true,
  alerts: true,
  notifications: true,
  home: true,
  roster: true,
  moderation: true,
  approvals: true,
  schools: true,
  youthRules: true,
};
const MODULES = Object.keys(MODULE_NAMES) as ModuleName[];

export function deferredPortalClient(load: () => Promise<PortalClient>, storage: () => KeyValueStorage | undefined = browserStorage): DeferredPortalClient {
  let real: PortalClient | undefined;
  let loading: Promise<PortalClient> | undefined;

  const ready = (): Promise<PortalClient> => {
    if (real) return Promise.resolve(real);
    loading ??= load().then(
      (client) => (real = client),
      (failure: unknown) => {
        // Offline for a moment: the next call tries again instead of failing forever.
        loading = undefined;
        throw failure;
      },
    );
    return loading;
  };

  const beforeLoad: Partial<Record<ModuleName, Record<string, Method>>> = {
    auth: { storedSession: (): StoredSession => readSessionFlag(storage()) },
  };

  const forward = (name: ModuleName): object =>
    new Proxy(
      {},
      {
        get(_target, property) {
          if (typeof property !== 'string') return undefined;
          return (...args: unknown[]) => {
            if (real) return call(real, name, property, args);
            const early = beforeLoad[name]?.[property];
            if (early) return early(...args);
            if (SYNCHRONOUS[name]?.includes(property)) {
              throw new Error(`${name}.${property}() was called before the SDK client loaded: render its page only after ready().`);
            }
            return ready().then((client) => call(client, name, property, args));
          };
        },
      },
    );

  const modules = Object.fromEntries(MODULES.map((name) => [name, forward(name)]));
  const client = { ...modules, close: () => (real ? real.close() : Promise.resolve()) } as unknown as PortalClient;
  return { client, ready, loaded: () => real !== undefined };
}

function call(client: PortalClient, name: ModuleName, property: string, args: unknown[]): unknown {
  const module: object = client[name];
  const method: unknown = Reflect.get(module, property);
  if (typeof method !== 'function') throw new TypeError(`The SDK client has no ${name}.${property}().`);
  return Reflect.apply(method, module, args);
}

/** localStorage, or none where reading it is refused (a sandboxed frame, disabled storage). */
function browserStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
