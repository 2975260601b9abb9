import { describe, expect, it } from 'vitest';
import { laneOf, QueueLanes } from './queue-lanes.ts';

/** Work that runs until `finish` is called, recording when it started. */
function heldWork(started: string[], name: string): { work: () => Promise<string>; finish: () => void } {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      started.push(name);
      await done;
      return name;
    },
    finish: () => finish(),
  };
}

describe('QueueLanes', () => {
  it('puts executions a client asked for in their own lane, and events and schedules in the other', () => {
    expect([laneOf('http'), laneOf('event'), laneOf('schedule')]).toEqual(['requested', 'triggered', 'triggered']);
  });

  it("starts a client's execution while a backlog of triggered ones waits, and the backlog in order", async () => {
    const lanes = new QueueLanes({ requested: 1, triggered: 2 });
    const started: string[] = [];
    const events = Array.from({ length: 6 }, (_, n) => heldWork(started, `event ${n}`));
    const eventRuns = events.map(({ work }) => lanes.run('event', work));
    const requested = heldWork(started, 'requested');
    const requestedRun = lanes.run('http', requested.work);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['event 0', 'event 1', 'requested']);

    requested.finish();
    await expect(requestedRun).resolves.toBe('requested');
    expect(started).toEqual(['event 0', 'event 1', 'requested']);

    for (const { finish } of events) finish();
    await expect(Promise.all(eventRuns)).resolves.toEqual(events.map((_, n) => `event ${n}`));
    expect(started).toEqual(['event 0', 'event 1', 'requested', 'event 2', 'event 3', 'event 4', 'event 5']);
  });

  it('runs schedules in the lane of events, after the events queued before them', async () => {
    const lanes = new QueueLanes({ requested: 1, triggered: 1 });
    const started: string[] = [];
    const event = heldWork(started, 'event');
    const schedule = heldWork(started, 'schedule');
    const runs = [lanes.run('event', event.work), lanes.run('schedule', schedule.work)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['event']);
    event.finish();
    schedule.finish();
    await Promise.all(runs);
    expect(started).toEqual(['event', 'schedule']);
  });
});
