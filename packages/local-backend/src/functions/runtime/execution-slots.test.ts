import { describe, expect, it } from 'vitest';
import { ExecutionSlots } from './execution-slots.ts';

describe('ExecutionSlots', () => {
  it('runs at most `size` at once and every queued one in arrival order', async () => {
    const slots = new ExecutionSlots(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        slots.run(async () => {
          started.push(n);
          running++;
          peak = Math.max(peak, running);
          await new Promise((resolve) => setImmediate(resolve));
          running--;
          return n * 10;
        }),
      ),
    );
    expect(results).toEqual([0, 10, 20, 30, 40, 50]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot when the work fails', async () => {
    const slots = new ExecutionSlots(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
