import type { Clock } from '@opportunity-kit/local-backend';

/**
 * A server clock a test moves by hand (the local backend's `clock` option): timers fire only when
 * `advanceTo` passes their time, in order, so scheduled work happens exactly when a test says.
 */
export class ManualClock implements Clock {
  private readonly timers = new Set<{ at: number; callback: () => void }>();

  constructor(private time: number) {}

  now(): number {
    return this.time;
  }

  setTimer(callback: () => void, delayMs: number): () => void {
    const timer = { at: this.time + delayMs, callback };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** Moves to `iso`, firing on the way each timer that falls due (and those they arm). */
  async advanceTo(iso: string): Promise<void> {
    const target = Date.parse(iso);
    for (;;) {
      // Lets the server finish what a request or a fired timer queued before time moves on.
      await new Promise((resolve) => setImmediate(resolve));
      const due = [...this.timers].filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers.delete(due);
      this.time = Math.max(this.time, due.at);
      due.callback();
    }
    this.time = Math.max(this.time, target);
  }
}
