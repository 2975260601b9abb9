import { ExecutionSlots } from '../runtime/execution-slots.ts';
import type { ExecutionTrigger } from './execution-store.ts';

/**
 * The lanes of the local functions worker, which runs the queued (asynchronous) executions:
 *
 * - `requested`: executions a client asked for (`createExecution` with `async: true`, by a user, a
 *   guest or a key). Someone is waiting for each one, polling it or listening on realtime.
 * - `triggered`: executions the server set off itself (event triggers and schedules). Nobody waits
 *   for one in particular, and a burst of writes sets off thousands (a roster import of 2,000
 *   students makes 6,000 `roles` runs).
 *
 * Appwrite puts all of them in one `v1-functions` queue, and its deployments add workers when that
 * queue grows. This server is one process that cannot grow, so a backlog of triggered executions
 * would keep a client's execution waiting for minutes: each lane has slots of its own, and a
 * requested execution never waits behind a triggered one. Within a lane executions start in the
 * order they were queued.
 */
export type QueueLane = 'requested' | 'triggered';

/**
 * How many executions of each lane run at once. Triggered ones are few at a time: they share this
 * process with the synchronous executions people are waiting for, and each makes API calls back to
 * it. Requested ones get a few more, since a client waits for each.
 */
const LANE_CAPACITY: Readonly<Record<QueueLane, number>> = { requested: 8, triggered: 4 };

export function laneOf(trigger: ExecutionTrigger): QueueLane {
  return trigger === 'http' ? 'requested' : 'triggered';
}

/** One set of slots per lane; see QueueLane. */
export class QueueLanes {
  private readonly slots: Readonly<Record<QueueLane, ExecutionSlots>>;

  constructor(capacity: Readonly<Record<QueueLane, number>> = LANE_CAPACITY) {
    this.slots = { requested: new ExecutionSlots(capacity.requested), triggered: new ExecutionSlots(capacity.triggered) };
  }

  /** Runs `work` once a slot of the trigger's lane is free, after every execution queued before it in that lane. */
  run<T>(trigger: ExecutionTrigger, work: () => Promise<T>): Promise<T> {
    return this.slots[laneOf(trigger)].run(work);
  }
}
