import { signal, type ReadonlySignal } from '@preact/signals-react';

/**
 * The greeting's model: the current time as a signal that changes at each full hour, so a home
 * screen left open moves from "Good morning" to "Good afternoon" without a reload. Nothing runs
 * until `start()`, whose return value stops it (the shape a React effect expects).
 * @public
 */
export interface HourlyClock {
  /** The current time, updated at each full hour once started. */
  readonly now: ReadonlySignal<Date>;
  /** Reads the time now and keeps `now` current until the returned function stops it. */
  start(): () => void;
}

/**
 * A clock that has not started yet. `read` is the time source: the device's clock by default, a
 * fixed or scripted time in stories and tests.
 * @public
 */
export function createHourlyClock(read: () => Date = () => new Date()): HourlyClock {
  const now = signal(read());
  return {
    now,
    start() {
      let timer: ReturnType<typeof setTimeout>;
      const schedule = () => {
        const current = read();
        const nextHour = new Date(current);
        nextHour.setHours(current.getHours() + 1, 0, 0, 0);
        timer = setTimeout(() => {
          now.value = read();
          schedule();
        }, nextHour.getTime() - current.getTime());
      };
      now.value = read();
      schedule();
      return () => clearTimeout(timer);
    },
  };
}
