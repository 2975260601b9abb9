import { signal, type ReadonlySignal } from '@preact/signals-react';

/**
 * The greeting's model: the current time as a signal that changes at each full hour, so a home
 * screen left open moves from "Good morning" to "Good afternoon" without a reload. Nothing runs
 * until `start()`, whose return value stops it (the shape a React effect expects).
 * @public
 */
export interface HourlyClock {
  readonly now: ReadonlySignal<Date>;
  start(): () => void;
}

/** @public */
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
