import type { Accounts } from './auth/accounts.ts';
import type { ProjectAuthSettings } from './auth/project-auth.ts';
import type { Clock } from './clock.ts';
import type { Identity } from './auth/identity.ts';
import type { TeamStore } from './auth/team-store.ts';
import type { EventBus } from './events/bus.ts';
import type { Router } from './http/router.ts';
import type { Outbox } from './outbox/outbox.ts';
import type { WebPlatforms } from './platforms/web-platforms.ts';
import type { Store } from './store/store.ts';
import type { WorkQueues } from './events/work-queues.ts';
import type { TablesDb } from './tablesdb/tables-db.ts';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * What every feature module gets: the store, accounts, identity, the event bus, the engines more than
 * one part of the server uses, and facts about this server. Modules reach one another only through
 * these members and the bus, never by importing another module's folder.
 */
export interface Services {
  readonly store: Store;
  readonly accounts: Accounts;
  /** Teams and memberships: the teams module's routes, the Users API's membership list, and the `team:` roles `identity` gives. */
  readonly teams: TeamStore;
  readonly identity: Identity;
  readonly bus: EventBus;
  /** The development outbox, where every mail the server sends lands (the account module sends, the outbox module lists). */
  readonly outbox: Outbox;
  /** The TablesDB engine, one per store: its routes and the provisioning of `appwrite.config.json` share its schema cache. */
  readonly tablesDb: TablesDb;
  /** Backlogs of deferred work (function executions, builds) that the health endpoints report. */
  readonly queues: WorkQueues;
  readonly projectId: string;
  /** What mail is signed with, as Appwrite signs its templates ("{{project}} team"): the config's `projectName`, else the id. */
  readonly projectName: string;
  /** The project's auth security settings (password dictionary, session invalidation, …), from `appwrite.config.json`. */
  readonly authSettings: ProjectAuthSettings;
  /** The development API key: bypasses permissions, like an Appwrite project key with all scopes. */
  readonly apiKey: string;
  /** The project's registered web platforms: which browser origins may call, and where links may point. */
  readonly platforms: WebPlatforms;
  /** Public endpoint including `/v1`, e.g. `http://127.0.0.1:4000/v1`; known once the server listens. */
  endpoint(): string;
  /** Folder holding `appwrite.config.json` and `.env`, for provisioning and functions. */
  readonly projectRoot: string | undefined;
  /** Data folder for files on disk; undefined in memory mode. */
  readonly dataDir: string | undefined;
  /** Where the server prints what a person should see (outbox mails, startup lines). */
  log(message: string): void;
  /** Time and timers for scheduled work (function schedules); the system clock unless a test injects one. */
  readonly clock: Clock;
  /** Takes over HTTP upgrades on `path` (the realtime WebSocket at `/v1/realtime`). */
  onUpgrade(path: string, handler: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): void;
}

/** A feature module registers its routes and may return hooks for server start and stop. */
export interface ModuleHooks {
  /** Runs once the server listens and `endpoint()` is known (provisioning, loading functions). */
  start?: () => void | Promise<void>;
  /** Runs when the server stops. */
  close?: () => void | Promise<void>;
}

export type Module = (router: Router, services: Services) => void | ModuleHooks;
