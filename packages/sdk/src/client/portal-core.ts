import { Account, Client, Functions, Storage, TablesDB } from 'appwrite';
import { FUNCTIONS } from '../domain/wire/ids.ts';
import { createAuth, type AuthState } from './auth.ts';
import { commandRunner, requireMember, uploader, type PortalContext } from './context.ts';
import { LiveHub } from './live.ts';
import type { PortalClientOptions } from './portal-client.ts';
import type { KeyValueStorage } from './session-flag.ts';

/**
 * What every module of the portal client stands on, loaded with the first module a page calls: the
 * web SDK's services over one appwrite `Client`, the live connection, and the auth module (which knows
 * the signed-in member the other modules ask for).
 */
export interface PortalCore {
  readonly context: PortalContext;
  readonly auth: AuthState['module'];
  readonly live: LiveHub;
}

export function createPortalCore(options: PortalClientOptions, flagStorage: KeyValueStorage | undefined): PortalCore {
  const client = (options.client ?? new Client()).setEndpoint(options.endpoint).setProject(options.projectId);
  const storage = new Storage(client);
  const functions = new Functions(client);
  const live = new LiveHub(client);
  const functionIds = { commands: options.functionIds?.commands ?? FUNCTIONS.commands, ai: options.functionIds?.ai ?? FUNCTIONS.ai };
  const base = {
    client,
    account: new Account(client),
    tables: new TablesDB(client),
    storage,
    functions,
    live,
    flagStorage,
    functionIds,
    command: commandRunner(functions, functionIds.commands),
    aiCall: commandRunner(functions, functionIds.ai),
    ...uploader(storage),
  };
  const auth = createAuth(base);
  const context: PortalContext = {
    ...base,
    viewer: () => auth.viewer(),
    member: async () => requireMember(await auth.viewer()),
    freshMember: async () => requireMember(await auth.module.currentUser()),
  };
  return { context, auth: auth.module, live };
}
