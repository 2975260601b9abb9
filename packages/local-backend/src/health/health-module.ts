import { accessSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireKey } from '../auth/identity.ts';
import { QUEUE_NAMES, type QueueName } from '../events/work-queues.ts';
import { json, type RequestContext } from '../http/context.ts';
import { AppwriteError, errors, SERVER_VERSION } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import type { Module, Services } from '../services.ts';
import { certificateHost, readCertificate } from './certificate.ts';
import { healthErrors } from './health-errors.ts';
import { checkTime } from './ntp-time.ts';

const HEALTH = '/v1/health';
const VERSION_PATH = `${HEALTH}/version`;
const SCOPE = 'health.read';
/** Appwrite's default `threshold` of the queue endpoints. */
const DEFAULT_THRESHOLD = 5000;

/** The project every Appwrite has: its console. Clients that know no project yet name it. */
const CONSOLE_PROJECT = 'console';

/** The routes `GET /v1/health/queue/{route}` has, and the queue each reads (`databases` reads `database`). */
const QUEUE_ROUTES: Readonly<Record<string, QueueName>> = {
  audits: 'audits',
  builds: 'builds',
  certificates: 'certificates',
  databases: 'database',
  deletes: 'deletes',
  functions: 'functions',
  logs: 'logs',
  mails: 'mails',
  messaging: 'messaging',
  migrations: 'migrations',
  'stats-resources': 'stats-resources',
  'stats-usage': 'stats-usage',
  webhooks: 'webhooks',
};

/** `GET /v1/health/queue/failed/{name}` takes Appwrite's full queue names (`v1-functions`); `logs` has none of its own. */
const FAILED_QUEUE_NAMES = QUEUE_NAMES.filter((name) => name !== 'logs').map((name) => `v1-${name}`);

function elapsedMs(started: bigint): number {
  return Math.round(Number(process.hrtime.bigint() - started) / 1e6);
}

function readThreshold(ctx: RequestContext): number {
  return ctx.params.integer('threshold', DEFAULT_THRESHOLD);
}

function assertBelowThreshold(size: number, threshold: number, failed: boolean): void {
  if (size >= threshold) {
    const what = failed ? 'failed jobs' : 'jobs';
    throw healthErrors.queueSizeExceeded(`Queue ${what} threshold hit. Current value is ${size} and threshold is ${threshold}.`);
  }
}

/** The folder that holds this server's files: the data folder, or the system's temporary folder in memory mode. */
function filesRoot(services: Services): string {
  return services.dataDir ?? tmpdir();
}

/** Writes, reads back and removes a small file where uploads and deployments are kept, as Appwrite checks its devices. */
function checkStorage(services: Services): void {
  const folder = mkdtempSync(join(filesRoot(services), '.health-'));
  try {
    const path = join(folder, 'probe');
    writeFileSync(path, 'test');
    if (readFileSync(path, 'utf8') !== 'test') throw healthErrors.serverError(`Failed reading test file from ${folder}: content mismatch`);
  } catch (error) {
    if (error instanceof AppwriteError) throw error;
    throw healthErrors.serverError(`Failed writing test file to ${folder}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function registerStatusRoutes(router: Router, services: Services): void {
  router.get(HEALTH, (ctx) => {
    requireKey(ctx.caller, SCOPE);
    return json(200, { name: 'http', ping: 0, status: 'pass' });
  });

  router.get(`${HEALTH}/db`, (ctx) => {
    requireKey(ctx.caller, SCOPE);
    const started = process.hrtime.bigint();
    try {
      services.store.db.prepare('SELECT 1').get();
    } catch {
      throw healthErrors.serverError('DB failure on: sqlite');
    }
    return json(200, { total: 1, statuses: [{ name: 'Projects.DB (sqlite)', ping: elapsedMs(started), status: 'pass' }] });
  });

  // Cache and pub/sub live in this process (in-memory caches, the event bus): they answer whenever the server does.
  router.get(`${HEALTH}/cache`, (ctx) => {
    requireKey(ctx.caller, SCOPE);
    return json(200, { total: 1, statuses: [{ name: 'Cache', ping: 0, status: 'pass' }] });
  });

  router.get(`${HEALTH}/pubsub`, (ctx) => {
    requireKey(ctx.caller, SCOPE);
    return json(200, { total: 1, statuses: [{ name: 'PubSub (in-process)', ping: 0, status: 'pass' }] });
  });

  router.get(`${HEALTH}/storage`, (ctx) => {
    requireKey(ctx.caller, SCOPE);
    const started = process.hrtime.bigint();
    checkStorage(services);
    return json(200, { name: '', ping: elapsedMs(started), status: 'pass' });
  });

  router.get(`${HEALTH}/storage/local`, (ctx) => {
    requireKey(ctx.caller, SCOPE);
    const started = process.hrtime.bigint();
    const root = filesRoot(services);
    try {
      accessSync(root, constants.R_OK | constants.W_OK);
    } catch {
      throw healthErrors.serverError('Device Uploads dir is not readable');
    }
    return json(200, { name: '', ping: elapsedMs(started), status: 'pass' });
  });

  // No antivirus runs here: Appwrite with `_APP_STORAGE_ANTIVIRUS=disabled` answers just this.
  router.get(`${HEALTH}/anti-virus`, (ctx) => {
    requireKey(ctx.caller, SCOPE);
    return json(200, { version: '', status: 'disabled' });
  });

  router.get(`${HEALTH}/time`, async (ctx) => {
    requireKey(ctx.caller, SCOPE);
    return json(200, await checkTime());
  });

  router.get(`${HEALTH}/certificate`, async (ctx) => {
    requireKey(ctx.caller, SCOPE);
    const domain = ctx.params.optionalString('domain') ?? '';
    return json(200, await readCertificate(certificateHost(domain)));
  });
}

function registerQueueRoutes(router: Router, services: Services): void {
  router.get(`${HEALTH}/queue/{queue}`, (ctx) => {
    const queue = QUEUE_ROUTES[ctx.pathParams.queue ?? ''];
    if (!queue) throw errors.routeNotFound();
    requireKey(ctx.caller, SCOPE);
    const threshold = readThreshold(ctx);
    const size = services.queues.backlog(queue).size();
    assertBelowThreshold(size, threshold, false);
    return json(200, { size });
  });

  router.get(`${HEALTH}/queue/failed/{name}`, (ctx) => {
    requireKey(ctx.caller, SCOPE);
    const name = ctx.pathParams.name ?? '';
    if (!FAILED_QUEUE_NAMES.includes(name)) {
      throw errors.argumentInvalid(`Invalid \`name\` param: Value must be one of (${FAILED_QUEUE_NAMES.join(', ')})`);
    }
    const threshold = readThreshold(ctx);
    const failed = services.queues.backlog(name.slice('v1-'.length) as QueueName).failed();
    assertBelowThreshold(failed, threshold, true);
    return json(200, { size: failed });
  });
}

/**
 * Appwrite's Health service with what is true of this server: SQLite is its database, cache and pub/sub
 * are in-process, files are on the local disk, no antivirus runs, and the queues are the backlogs the
 * modules that defer work report (`Services.queues`). Time and certificate checks ask the network, as
 * Appwrite does. `GET /v1/health/version` is public: the Appwrite CLI asks it as project `console`.
 */
export const healthModule: Module = (router, services) => {
  router.get(VERSION_PATH, () => json(200, { version: SERVER_VERSION }));
  registerStatusRoutes(router, services);
  registerQueueRoutes(router, services);
};

/**
 * True when a request needs no project of this server: the version check, asked without a project
 * or as Appwrite's console project (which exists on every Appwrite), answers anyway.
 */
export function answersWithoutProject(path: string, projectId: string): boolean {
  return path === VERSION_PATH && (projectId === '' || projectId === CONSOLE_PROJECT);
}
