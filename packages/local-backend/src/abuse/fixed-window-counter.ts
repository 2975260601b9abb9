/**
 * Counts hits per key in fixed windows aligned to the clock (a one-hour window starts on the hour),
 * like Appwrite's `TimeLimit`: every hit of a window counts until the window ends, then the count
 * starts from zero.
 *
 * Kept in memory, not in SQLite: Appwrite keeps these counters in Redis with the window as their
 * lifetime, so they are short-lived cache data rather than records; memory costs no disk write on
 * every sign-in, and a restart (the only thing that forgets them) is never the caller's to trigger.
 */
export class FixedWindowCounter {
  private readonly windows = new Map<string, { start: number; end: number; count: number }>();
  private nextSweep = 0;

  constructor(private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000)) {}

  /** Where the current window of `period` seconds began, in Unix seconds. */
  windowStart(period: number): number {
    const now = this.nowSeconds();
    return now - (now % period);
  }

  /** Hits of `key` in the current window of `period` seconds. */
  count(key: string, period: number): number {
    const entry = this.windows.get(windowKey(key, period));
    return entry && entry.start === this.windowStart(period) ? entry.count : 0;
  }

  hit(key: string, period: number): void {
    this.sweep();
    const start = this.windowStart(period);
    const entry = this.windows.get(windowKey(key, period));
    if (entry && entry.start === start) entry.count += 1;
    else this.windows.set(windowKey(key, period), { start, end: start + period, count: 1 });
  }

  /** Starts the key's current window over. */
  reset(key: string, period: number): void {
    this.windows.delete(windowKey(key, period));
  }

  /** Forgets ended windows now and then, so keys made up by a flood of requests do not pile up. */
  private sweep(): void {
    const now = this.nowSeconds();
    if (now < this.nextSweep) return;
    this.nextSweep = now + 60;
    for (const [key, entry] of this.windows) {
      if (entry.end <= now) this.windows.delete(key);
    }
  }
}

/** Two routes that share a key share its count, as on Appwrite, but only within windows of the same length. */
function windowKey(key: string, period: number): string {
  return `${period}|${key}`;
}
