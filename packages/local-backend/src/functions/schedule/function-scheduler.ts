import type { Clock } from '../../clock.ts';
import type { Store } from '../../store/store.ts';
import type { ExecutionRecord } from '../executions/execution-store.ts';
import type { ExecutionInput, FunctionExecutor } from '../executions/executor.ts';
import type { FunctionRegistry, LocalFunction } from '../registry/function-registry.ts';
import { CronExpression } from './cron-expression.ts';
import type { ScheduleTicks } from './schedule-ticks.ts';

/**
 * The longest the scheduler sleeps before it looks at the clock again, so a wall clock that jumped
 * (a laptop waking up) or a far-off tick (beyond what a Node timer can wait) is seen within a minute.
 */
const MAX_SLEEP_MS = 60_000;

interface PlannedTick {
  schedule: string;
  tickAt: number;
}

export interface SchedulerDeps {
  sqlite: Store;
  registry: FunctionRegistry;
  executor: FunctionExecutor;
  ticks: ScheduleTicks;
  clock: Clock;
  log: (message: string) => void;
}

/**
 * Appwrite's function scheduler, in process: each enabled function with a `schedule` and an active
 * deployment gets an asynchronous execution with trigger `schedule` at each tick of its cron
 * expression (UTC), as Appwrite's `schedule-functions` task enqueues them: `POST /`, no body, no
 * user, no JWT, readable by API keys only, and run with the function's own key.
 *
 * Each tick's execution is queued in the same SQLite transaction that records the tick as run
 * (ScheduleTicks), so after a restart it neither runs twice nor is lost once recorded. Ticks that fell
 * while the server was down are not replayed (Appwrite's scheduler only looks ahead): after a start
 * a function runs at its first tick after now. A changed schedule plans from now; an unchanged one
 * keeps the tick it was waiting for, so a change to another function never skips it.
 */
export class FunctionScheduler {
  private planned = new Map<string, PlannedTick>();
  private cancelTimer: (() => void) | undefined;
  private replanQueued = false;
  private running = false;
  /** Schedules already reported as unusable, so each is said once. */
  private readonly reported = new Set<string>();

  constructor(private readonly deps: SchedulerDeps) {}

  start(): void {
    this.running = true;
    this.replan();
  }

  close(): void {
    this.running = false;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    this.planned.clear();
  }

  /**
   * Functions changed (created, updated, deployed, deleted): plan again once the change's
   * transaction is over, coalescing a burst of changes into one look.
   */
  functionsChanged(): void {
    if (!this.running || this.replanQueued) return;
    this.replanQueued = true;
    setImmediate(() => {
      this.replanQueued = false;
      if (this.running) this.replan();
    });
  }

  /**
   * Queues one `schedule` execution of the function now, outside its cron (the development surface's
   * "tick now"), without recording a tick: the function's next planned tick still runs.
   */
  runNow(fn: LocalFunction): ExecutionRecord {
    return this.deps.executor.enqueue(scheduledRun(fn));
  }

  private replan(): void {
    const now = this.deps.clock.now();
    const next = new Map<string, PlannedTick>();
    for (const fn of this.deps.registry.all()) {
      if (!isScheduled(fn)) continue;
      const kept = this.planned.get(fn.id);
      if (kept && kept.schedule === fn.schedule) {
        next.set(fn.id, kept);
        continue;
      }
      const tickAt = this.firstTick(fn, Math.max(now, this.deps.ticks.last(fn.id) ?? now));
      if (tickAt !== undefined) next.set(fn.id, { schedule: fn.schedule, tickAt });
    }
    this.planned = next;
    this.arm(now);
  }

  private firstTick(fn: LocalFunction, after: number): number | undefined {
    const expression = CronExpression.parse(fn.schedule);
    const tickAt = expression?.nextAfter(after);
    const problem = !expression ? 'is not a cron expression this server can run' : tickAt === undefined ? 'names no date in the coming years' : undefined;
    if (problem && !this.reported.has(`${fn.id} ${fn.schedule}`)) {
      this.reported.add(`${fn.id} ${fn.schedule}`);
      this.deps.log(`[functions] ${fn.id}: schedule "${fn.schedule}" ${problem}; it never runs.`);
    }
    return tickAt;
  }

  private arm(now: number): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    if (!this.running || this.planned.size === 0) return;
    const earliest = Math.min(...[...this.planned.values()].map((planned) => planned.tickAt));
    const delay = Math.min(Math.max(earliest - now, 0), MAX_SLEEP_MS);
    this.cancelTimer = this.deps.clock.setTimer(() => this.wake(), delay);
  }

  /** Runs every tick that is due, plans each one's next tick after now (missed ones are skipped), and sleeps again. */
  private wake(): void {
    this.cancelTimer = undefined;
    if (!this.running) return;
    const now = this.deps.clock.now();
    for (const [functionId, planned] of this.planned) {
      if (planned.tickAt > now) continue;
      this.runTick(functionId, planned);
      const tickAt = CronExpression.parse(planned.schedule)?.nextAfter(Math.max(now, planned.tickAt));
      if (tickAt === undefined) this.planned.delete(functionId);
      else this.planned.set(functionId, { schedule: planned.schedule, tickAt });
    }
    this.arm(now);
  }

  private runTick(functionId: string, planned: PlannedTick): void {
    const fn = this.deps.registry.get(functionId);
    // Changed since it was planned, and the replan has not run yet: its current settings decide.
    if (!fn || !isScheduled(fn) || fn.schedule !== planned.schedule) return;
    try {
      this.deps.sqlite.transaction(() => {
        if (this.deps.ticks.claim(fn.id, planned.tickAt)) this.deps.executor.enqueue(scheduledRun(fn));
      });
    } catch (error) {
      console.error(`[local-backend] scheduled execution of ${fn.id} failed to queue`, error);
    }
  }
}

/** Appwrite schedules only enabled functions that have a schedule and a deployment to run. */
function isScheduled(fn: LocalFunction): boolean {
  return fn.enabled && fn.schedule.trim() !== '' && fn.deploymentId !== '';
}

/** What Appwrite's scheduler asks of the functions worker: `POST /` with no body, headers or user. */
function scheduledRun(fn: LocalFunction): ExecutionInput {
  return {
    fn,
    trigger: 'schedule',
    method: 'POST',
    path: '/',
    body: '',
    headers: {},
    event: '',
    userId: '',
    sessionId: '',
    clientIp: undefined,
    permissions: [],
  };
}
