/**
 * Wall-clock time and one-shot timers, for what this server runs on a schedule (function cron).
 * The system clock in production; tests inject a manual one to reach a minute boundary at once.
 */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Calls `callback` once after `delayMs`; answers a function that cancels it. Must not keep the process alive. */
  setTimer(callback: () => void, delayMs: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer(callback, delayMs) {
    const timer = setTimeout(callback, delayMs);
    timer.unref();
    return () => clearTimeout(timer);
  },
};
