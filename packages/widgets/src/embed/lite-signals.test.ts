import * as preactSignals from '@preact/signals-react';
import { describe, expect, it, vi } from 'vitest';
import * as liteSignals from './lite-signals.ts';

/** The part of the signals API the widgets' models and controllers use. */
type SignalsApi = Pick<typeof liteSignals, 'signal' | 'computed' | 'effect' | 'batch'>;

// The embed's signals must behave as the library's: every case runs on both.
describe.each([
  ['@preact/signals-react', preactSignals as unknown as SignalsApi],
  ['lite-signals', liteSignals as SignalsApi],
])('%s', (_name, { signal, computed, effect, batch }) => {
  it('recomputes a computed when read after a change, and only then', () => {
    const count = signal(1);
    const compute = vi.fn(() => count.value * 2);
    const double = computed(compute);
    expect(compute).not.toHaveBeenCalled();
    expect(double.value).toBe(2);
    expect(double.value).toBe(2);
    expect(compute).toHaveBeenCalledTimes(1);
    count.value = 5;
    expect(double.value).toBe(10);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('runs an effect now and after each change, with its cleanup before the next run and on dispose', () => {
    const count = signal(0);
    const runs: string[] = [];
    const dispose = effect(() => {
      const seen = count.value;
      runs.push(`run ${seen}`);
      return () => runs.push(`cleanup ${seen}`);
    });
    count.value = 1;
    count.value = 1;
    dispose();
    count.value = 2;
    expect(runs).toEqual(['run 0', 'cleanup 0', 'run 1', 'cleanup 1']);
  });

  it('runs an effect once for a batch of writes, when the outermost batch ends', () => {
    const a = signal(1);
    const b = signal(2);
    const sums: number[] = [];
    effect(() => void sums.push(a.value + b.value));
    batch(() => {
      a.value = 10;
      batch(() => {
        b.value = 20;
      });
      expect(sums).toEqual([3]);
    });
    expect(sums).toEqual([3, 30]);
  });

  it('follows what an effect read on its last run only', () => {
    const useA = signal(true);
    const a = signal('a');
    const b = signal('b');
    const seen: string[] = [];
    effect(() => void seen.push(useA.value ? a.value : b.value));
    useA.value = false;
    a.value = 'a2';
    b.value = 'b2';
    expect(seen).toEqual(['a', 'b', 'b2']);
  });

  it('tells subscribers the value now and after each change, until they unsubscribe', () => {
    const filters = signal({ search: '' });
    const state = computed(() => ({ filters: filters.value }));
    const onValue = vi.fn();
    const unsubscribe = state.subscribe(onValue);
    filters.value = { search: 'barista' };
    unsubscribe();
    filters.value = { search: 'tutor' };
    expect(onValue.mock.calls.map(([value]) => (value as { filters: { search: string } }).filters.search)).toEqual(['', 'barista']);
  });

  it('reads without following with peek', () => {
    const count = signal(1);
    const runs = vi.fn(() => count.peek());
    effect(runs);
    count.value = 2;
    expect(runs).toHaveBeenCalledTimes(1);
    expect(count.peek()).toBe(2);
  });

  it("runs the effects an effect's writes concern, in the same round", () => {
    const source = signal(1);
    const copy = signal(0);
    const seen: number[] = [];
    effect(() => {
      copy.value = source.value * 10;
    });
    effect(() => void seen.push(copy.value));
    source.value = 2;
    expect(seen).toEqual([10, 20]);
  });
});
