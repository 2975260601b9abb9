import { errors } from '../../http/errors.ts';
import { uniqueId } from '../../http/params.ts';
import { rolesOf } from '../../permissions/permissions.ts';
import type { Services } from '../../services.ts';
import { functionEnvironment } from '../env/function-env.ts';
import { LOCAL_DEPLOYMENT_ID, type LocalFunction } from '../registry/function-registry.ts';
import { ExecutionSlots } from '../runtime/execution-slots.ts';
import type { FunctionRunner, RuntimeOutcome } from '../runtime/function-runner.ts';
import { storedRequestHeaders, storedResponseHeaders, toHeaderList } from './execution-headers.ts';
import { executionModel } from './execution-model.ts';
import type { ExecutionRecord, ExecutionStore, ExecutionTrigger, Header } from './execution-store.ts';

/** One execution to run, before the headers Appwrite injects. */
export interface ExecutionInput {
  fn: LocalFunction;
  trigger: Exclude<ExecutionTrigger, 'schedule'>;
  method: string;
  path: string;
  body: string;
  /** Caller-supplied (HTTP) or Appwrite's own (events) headers, lower-cased. */
  headers: Record<string, string>;
  userId: string;
  /** JWT of the caller's session, or '' (guests, keys, events). */
  jwt: string;
  /** First generated event name for event triggers, else ''. */
  event: string;
  clientIp: string | undefined;
  permissions: string[];
}

export interface SyncResult {
  record: ExecutionRecord;
  responseBody: string;
  /** Every header the function answered with, plus `x-appwrite-execution-id`. */
  responseHeaders: Header[];
}

/** Appwrite's executor gives up on a synchronous execution after 30 s (`requestTimeout`). */
const SYNC_LIMIT_SECONDS = 30;
/** How many executions run at once in this process; the others queue (see ExecutionSlots). */
const CONCURRENT_EXECUTIONS = 32;
/** Appwrite keeps the tail of logs and errors (APP_FUNCTION_LOG_LENGTH_LIMIT). */
const LOG_LIMIT = 1_000_000;

/**
 * Runs executions: injects Appwrite's headers, mints the per-execution key, stores the execution
 * in its successive states and publishes `functions.F.executions.E.create|update` on the bus.
 */
export class FunctionExecutor {
  private closed = false;
  private readonly slots = new ExecutionSlots(CONCURRENT_EXECUTIONS);

  constructor(
    private readonly services: Services,
    private readonly store: ExecutionStore,
    private readonly runner: FunctionRunner,
    private readonly projectVars: Readonly<Record<string, string>>,
  ) {}

  /** Runs to completion (or the 30 s limit) and answers with the full response. */
  async runSync(input: ExecutionInput): Promise<SyncResult> {
    const { record, runtimeHeaders } = this.prepare(input, 'processing');
    let syncTimer: NodeJS.Timeout | undefined;
    const syncLimit = new Promise<undefined>((resolve) => {
      syncTimer = setTimeout(() => resolve(undefined), SYNC_LIMIT_SECONDS * 1000);
      syncTimer.unref();
    });
    const started = performance.now();
    const outcome = await Promise.race([this.invoke(input, runtimeHeaders), syncLimit]);
    clearTimeout(syncTimer);
    if (!outcome) {
      Object.assign(record, {
        status: 'failed', responseStatusCode: 500, updatedAt: Date.now(),
        duration: (performance.now() - started) / 1000,
        errors: `Synchronous function execution timed out after ${SYNC_LIMIT_SECONDS} seconds.\nError Code: 408`,
      } satisfies Partial<ExecutionRecord>);
      this.persist(record, 'create');
      throw errors.functionSynchronousTimeout();
    }
    this.complete(record, outcome);
    this.persist(record, 'create');
    const responseHeaders = toHeaderList({ ...outcome.headers, 'x-appwrite-execution-id': record.id });
    return { record, responseBody: outcome.body, responseHeaders };
  }

  /** Stores the execution as `waiting` and runs it in the background. */
  startAsync(input: ExecutionInput): ExecutionRecord {
    const { record, runtimeHeaders } = this.prepare(input, 'waiting');
    this.persist(record, 'create');
    const answered = { ...record };
    setImmediate(() => {
      if (this.closed) return;
      record.status = 'processing';
      record.updatedAt = Date.now();
      this.persist(record);
      this.invoke(input, runtimeHeaders)
        .then((outcome) => {
          this.complete(record, outcome);
          this.persist(record, 'update');
        })
        .catch((error: unknown) => console.error('[local-backend] background execution failed', error));
    });
    return answered;
  }

  close(): void {
    this.closed = true;
  }

  private prepare(input: ExecutionInput, status: ExecutionRecord['status']): { record: ExecutionRecord; runtimeHeaders: Record<string, string> } {
    const id = uniqueId();
    const injected: Record<string, string> = {
      'x-appwrite-execution-id': id,
      // The per-execution key lives a minute longer than the function may run, as on Appwrite.
      'x-appwrite-key': this.services.identity.createEphemeralKey(input.fn.timeout + 60),
      'x-appwrite-trigger': input.trigger,
      'x-appwrite-event': input.event,
      'x-appwrite-user-id': input.userId,
      'x-appwrite-user-jwt': input.jwt,
      'x-appwrite-country-code': '',
      'x-appwrite-continent-code': '',
      'x-appwrite-continent-eu': 'false',
      ...(input.clientIp === undefined ? {} : { 'x-appwrite-client-ip': input.clientIp }),
    };
    const sent = { ...input.headers, ...injected };
    const now = Date.now();
    const record: ExecutionRecord = {
      id, functionId: input.fn.id, deploymentId: LOCAL_DEPLOYMENT_ID, trigger: input.trigger, status,
      requestMethod: input.method, requestPath: input.path, requestHeaders: storedRequestHeaders(sent),
      responseStatusCode: 0, responseHeaders: [], logs: '', errors: '', duration: 0,
      permissions: input.permissions, createdAt: now, updatedAt: now,
    };
    return { record, runtimeHeaders: sent };
  }

  private invoke(input: ExecutionInput, headers: Record<string, string>): Promise<RuntimeOutcome> {
    const endpoint = new URL(this.services.endpoint());
    const scheme = endpoint.protocol === 'https:' ? 'https' : 'http';
    const port = Number(endpoint.port || (scheme === 'https' ? 443 : 80));
    const env = functionEnvironment(input.fn, {
      endpoint: this.services.endpoint(), projectId: this.services.projectId, projectVars: this.projectVars,
    });
    return this.slots.run(() => this.runner.invoke(input.fn, env, {
      method: input.method,
      path: input.path,
      headers: { host: endpoint.host, ...headers },
      body: input.body,
      scheme,
      host: endpoint.hostname,
      port,
    }));
  }

  private complete(record: ExecutionRecord, outcome: RuntimeOutcome): void {
    record.status = outcome.statusCode >= 500 ? 'failed' : 'completed';
    record.responseStatusCode = outcome.statusCode;
    record.responseHeaders = storedResponseHeaders(outcome.headers);
    record.logs = tail(outcome.logs, 'Logs');
    record.errors = tail(outcome.errors, 'Errors');
    record.duration = outcome.duration;
    record.updatedAt = Date.now();
  }

  /** Saves the execution and, for `create`/`update`, tells realtime (the only bus consumer that cares). */
  private persist(record: ExecutionRecord, action?: 'create' | 'update'): void {
    // Background executions may finish after the server closed its database.
    if (this.closed) return;
    this.store.save(record);
    if (!action) return;
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

function tail(text: string, label: string): string {
  if (text.length <= LOG_LIMIT) return text;
  const warning = `[WARNING] ${label} truncated. The output exceeded ${LOG_LIMIT} characters.\n`;
  return warning + text.slice(-(LOG_LIMIT - warning.length));
}
