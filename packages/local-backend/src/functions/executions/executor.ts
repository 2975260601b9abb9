import { errors } from '../../http/errors.ts';
import { uniqueId } from '../../http/params.ts';
import { rolesOf } from '../../permissions/permissions.ts';
import type { Services } from '../../services.ts';
import { functionEnvironment } from '../env/function-env.ts';
import type { FunctionRegistry, LocalFunction } from '../registry/function-registry.ts';
import { ExecutionSlots } from '../runtime/execution-slots.ts';
import type { FunctionRunner, RuntimeOutcome } from '../runtime/function-runner.ts';
import { storedRequestHeaders, storedResponseHeaders, toHeaderList } from './execution-headers.ts';
import { executionModel } from './execution-model.ts';
import type { ExecutionQueue, QueuedRequest } from './execution-queue.ts';
import type { ExecutionRecord, ExecutionStore, ExecutionTrigger, Header } from './execution-store.ts';
import { QueueLanes } from './queue-lanes.ts';

/** One execution to run, before the headers Appwrite injects. */
export interface ExecutionInput extends QueuedRequest {
  fn: LocalFunction;
  trigger: ExecutionTrigger;
  permissions: string[];
}

export interface SyncResult {
  record: ExecutionRecord;
  responseBody: string;
  /** The response body's bytes, for clients that accept it as binary (multipart). */
  responseBytes: Buffer;
  /** Every header the function answered with, plus `x-appwrite-execution-id`. */
  responseHeaders: Header[];
}

/** Appwrite's executor gives up on a synchronous execution after 30 s (`requestTimeout`). */
const SYNC_LIMIT_SECONDS = 30;
/**
 * How many synchronous executions run at once in this process; the others wait (see ExecutionSlots).
 * As on Appwrite, where the API request runs a synchronous execution itself, these slots are theirs
 * alone: a synchronous execution never waits behind the queue (see QueueLanes).
 */
const SYNC_EXECUTIONS = 32;
/** Appwrite keeps the tail of logs and errors (APP_FUNCTION_LOG_LENGTH_LIMIT). */
const LOG_LIMIT = 1_000_000;
const CUT_SHORT = 'The server stopped before the execution finished.';

/**
 * Runs executions: injects Appwrite's headers, mints the per-execution key, stores the execution
 * in its successive states and publishes `functions.F.executions.E.create|update` on the bus.
 *
 * Synchronous executions run in the request that asks for them, in slots of their own, as Appwrite's
 * API runs them. Asynchronous executions (event triggers, schedules, `async: true`) are durable:
 * `enqueue` stores the `waiting` execution and its request in SQLite before it returns, so before the
 * request that caused it is answered, and `resume` runs at start whatever a crash left owed. This
 * process's functions worker runs them in two lanes, so a client's execution never waits behind a
 * backlog of event-triggered ones (see QueueLanes).
 */
export class FunctionExecutor {
  private closed = false;
  /** Until `resume`, queued executions only wait in SQLite: the server's endpoint may not be known yet. */
  private started = false;
  private readonly syncSlots = new ExecutionSlots(SYNC_EXECUTIONS);
  private readonly lanes = new QueueLanes();

  constructor(
    private readonly services: Services,
    private readonly store: ExecutionStore,
    private readonly queue: ExecutionQueue,
    private readonly registry: FunctionRegistry,
    private readonly runner: FunctionRunner,
    private readonly projectVars: Readonly<Record<string, string>>,
  ) {}

  /** Runs to completion (or the 30 s limit) and answers with the full response. */
  async runSync(input: ExecutionInput): Promise<SyncResult> {
    const record = newRecord(input, 'processing');
    let syncTimer: NodeJS.Timeout | undefined;
    const syncLimit = new Promise<undefined>((resolve) => {
      syncTimer = setTimeout(() => resolve(undefined), SYNC_LIMIT_SECONDS * 1000);
      syncTimer.unref();
    });
    const started = performance.now();
    const outcome = await Promise.race([this.syncSlots.run(() => this.invoke(input.fn, record, input)), syncLimit]);
    clearTimeout(syncTimer);
    if (!outcome) {
      Object.assign(record, {
        status: 'failed',
        responseStatusCode: 500,
        updatedAt: Date.now(),
        duration: (performance.now() - started) / 1000,
        errors: `Synchronous function execution timed out after ${SYNC_LIMIT_SECONDS} seconds.\nError Code: 408`,
      } satisfies Partial<ExecutionRecord>);
      this.persist(record, 'create');
      throw errors.functionSynchronousTimeout();
    }
    complete(record, outcome);
    this.persist(record, 'create');
    const responseHeaders = toHeaderList({ ...outcome.headers, 'x-appwrite-execution-id': record.id });
    return { record, responseBody: outcome.body, responseBytes: outcome.bodyBytes, responseHeaders };
  }

  /**
   * Stores the execution as `waiting`, with its request, in one SQLite transaction, and runs it in
   * the background when a slot of its lane is free. Answers the execution as stored.
   */
  enqueue(input: ExecutionInput): ExecutionRecord {
    const record = newRecord(input, 'waiting');
    this.services.store.transaction(() => {
      this.store.save(record);
      this.queue.add(record.id, queuedRequest(input));
    });
    this.publish(record, 'create');
    this.schedule(record);
    return { ...record };
  }

  /**
   * Runs the executions a stopped server still owed: each `waiting` one, and each event-triggered
   * one that was `processing` (at least once: event handlers are idempotent, as on Appwrite, where
   * a worker may also run an event twice). A client's asynchronous execution that was already
   * running is failed instead, since running its code twice could repeat what the caller asked once.
   */
  resume(): void {
    this.started = true;
    const now = Date.now();
    for (const id of this.queue.pendingIds()) {
      const record = this.store.get(id);
      if (!record) continue;
      if (record.status === 'processing' && record.trigger !== 'event') {
        this.finishWithout(record, CUT_SHORT);
        continue;
      }
      if (record.status === 'processing') this.store.requeue(id, now);
      this.schedule(record);
    }
    this.store.failUnfinished(CUT_SHORT, now);
  }

  close(): void {
    this.closed = true;
  }

  /**
   * Queues the execution in its lane once the current work is done (an event's publisher may still be
   * inside the SQLite transaction that stored it). Callbacks run in the order they were set, so each
   * lane starts its executions in the order they were queued.
   */
  private schedule({ id, trigger }: Pick<ExecutionRecord, 'id' | 'trigger'>): void {
    if (!this.started) return;
    setImmediate(() => {
      this.runQueued(id, trigger).catch((error: unknown) => console.error('[local-backend] background execution failed', error));
    });
  }

  /**
   * Takes a slot of the execution's lane, claims the execution (it starts once), runs it, and stores
   * the outcome as it leaves the queue.
   */
  private async runQueued(id: string, trigger: ExecutionTrigger): Promise<void> {
    await this.lanes.run(trigger, async () => {
      if (this.closed) return;
      const record = this.store.claim(id, Date.now());
      if (!record) return;
      const request = this.queue.find(id);
      const fn = this.registry.get(record.functionId);
      if (!request || !fn) {
        this.finishWithout(record, 'The function no longer exists.');
        return;
      }
      const outcome = await this.invoke(fn, record, { ...request, trigger: record.trigger });
      // Background executions may finish after the server closed its database; the queue keeps them owed.
      if (this.closed) return;
      complete(record, outcome);
      this.services.store.transaction(() => {
        this.store.save(record);
        this.queue.remove(id);
      });
      this.publish(record, 'update');
    });
  }

  /** Ends a queued execution that cannot run (any more) as failed. */
  private finishWithout(record: ExecutionRecord, reason: string): void {
    Object.assign(record, {
      status: 'failed',
      responseStatusCode: 500,
      errors: `${record.errors}${reason}\n`,
      updatedAt: Date.now(),
    } satisfies Partial<ExecutionRecord>);
    this.services.store.transaction(() => {
      this.store.save(record);
      this.queue.remove(record.id);
    });
    this.publish(record, 'update');
  }

  /** The headers Appwrite injects, with a fresh per-execution key (and JWT) that live a minute longer than the function may run. */
  private injectedHeaders(fn: LocalFunction, id: string, request: QueuedRequest & { trigger: ExecutionInput['trigger'] }): Record<string, string> {
    const jwt = request.userId && request.sessionId ? this.services.identity.createJwt(request.userId, request.sessionId, fn.timeout + 60) : '';
    return {
      'x-appwrite-execution-id': id,
      'x-appwrite-key': this.services.identity.createEphemeralKey(fn.timeout + 60),
      'x-appwrite-trigger': request.trigger,
      'x-appwrite-event': request.event,
      'x-appwrite-user-id': request.userId,
      'x-appwrite-user-jwt': jwt,
      'x-appwrite-country-code': '',
      'x-appwrite-continent-code': '',
      'x-appwrite-continent-eu': 'false',
      ...(request.clientIp === undefined ? {} : { 'x-appwrite-client-ip': request.clientIp }),
    };
  }

  private invoke(fn: LocalFunction, record: ExecutionRecord, request: QueuedRequest & { trigger: ExecutionInput['trigger'] }): Promise<RuntimeOutcome> {
    const endpoint = new URL(this.services.endpoint());
    const scheme = endpoint.protocol === 'https:' ? 'https' : 'http';
    const port = Number(endpoint.port || (scheme === 'https' ? 443 : 80));
    const env = functionEnvironment(fn, {
      endpoint: this.services.endpoint(),
      projectId: this.services.projectId,
      projectVars: this.projectVars,
    });
    return this.runner.invoke(fn, env, {
      method: request.method,
      path: request.path,
      headers: { host: endpoint.host, ...request.headers, ...this.injectedHeaders(fn, record.id, request) },
      body: request.body,
      ...(request.bodyEncoding ? { bodyEncoding: request.bodyEncoding } : {}),
      scheme,
      host: endpoint.hostname,
      port,
    });
  }

  /** Saves the execution and, for `create`, tells realtime (the only bus consumer that cares). */
  private persist(record: ExecutionRecord, action: 'create'): void {
    // Synchronous executions may finish after the server closed its database.
    if (this.closed) return;
    this.store.save(record);
    this.publish(record, action);
  }

  private publish(record: ExecutionRecord, action: 'create' | 'update'): void {
    this.services.bus.publish({
      resource: 'execution',
      name: `functions.${record.functionId}.executions.${record.id}.${action}`,
      payload: executionModel(record, { format: '2.0.0', sensitive: false }),
      readRoles: rolesOf(record.permissions, 'read'),
      ids: { functionId: record.functionId, executionId: record.id },
      action,
    });
  }
}

function queuedRequest(input: ExecutionInput): QueuedRequest {
  const { method, path, body, bodyEncoding, headers, event, userId, sessionId, clientIp } = input;
  return { method, path, body, ...(bodyEncoding ? { bodyEncoding } : {}), headers, event, userId, sessionId, clientIp };
}

/** A new execution of `input`; its stored request headers are the allow-listed ones the function receives. */
function newRecord(input: ExecutionInput, status: ExecutionRecord['status']): ExecutionRecord {
  const id = uniqueId();
  const clientIp: Record<string, string> = input.clientIp === undefined ? {} : { 'x-appwrite-client-ip': input.clientIp };
  const now = Date.now();
  return {
    id,
    functionId: input.fn.id,
    deploymentId: input.fn.deploymentId,
    trigger: input.trigger,
    status,
    requestMethod: input.method,
    requestPath: input.path,
    requestHeaders: storedRequestHeaders({ ...input.headers, ...clientIp }),
    responseStatusCode: 0,
    responseHeaders: [],
    logs: '',
    errors: '',
    duration: 0,
    permissions: input.permissions,
    createdAt: now,
    updatedAt: now,
  };
}

function complete(record: ExecutionRecord, outcome: RuntimeOutcome): void {
  record.status = outcome.statusCode >= 500 ? 'failed' : 'completed';
  record.responseStatusCode = outcome.statusCode;
  record.responseHeaders = storedResponseHeaders(outcome.headers);
  record.logs = tail(outcome.logs, 'Logs');
  record.errors = tail(outcome.errors, 'Errors');
  record.duration = outcome.duration;
  record.updatedAt = Date.now();
}

function tail(text: string, label: string): string {
  if (text.length <= LOG_LIMIT) return text;
  const warning = `[WARNING] ${label} truncated. The output exceeded ${LOG_LIMIT} characters.\n`;
  return warning + text.slice(-(LOG_LIMIT - warning.length));
}
