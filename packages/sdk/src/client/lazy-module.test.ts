import { describe, expect, it, vi } from 'vitest';
import { PortalError } from './errors.ts';
import { lazyModule } from './lazy-module.ts';
import type { LiveErrorHandler, Unsubscribe } from './live.ts';

interface Counter {
  add(amount: number): Promise<number>;
  watch(onChange: (value: number) => void, onError?: LiveErrorHandler): Unsubscribe;
  label(): string;
}

/** A module whose code is `counter` once `arrive()` is called, and a failed load until then if `failFirst`. */
function aCounter(options: { failFirst?: boolean } = {}) {
  let total = 0;
  const listeners = new Set<(value: number) => void>();
  const counter: Omit<Counter, 'label'> = {
    add: async (amount) => {
      total += amount;
      for (const listener of listeners) listener(total);
      return total;
    },
    watch: (onChange) => {
      listeners.add(onChange);
      return async () => void listeners.delete(onChange);
    },
  };
  const loads = vi.fn(() =>
    options.failFirst && loads.mock.calls.length === 1
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : Promise.resolve(counter),
  );
  const module = lazyModule<Counter, 'label'>(loads, { now: { label: () => 'counter' }, live: { watch: 1 } });
  return { module, loads, listeners };
}

describe('lazyModule', () => {
  it('loads its code at the first call, once, and runs every call on it', async () => {
    const { module, loads } = aCounter();
    expect(module.label()).toBe('counter');
    expect(loads).not.toHaveBeenCalled();
    await expect(Promise.all([module.add(1), module.add(2)])).resolves.toEqual([1, 3]);
    await expect(module.add(3)).resolves.toBe(6);
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('rejects with a network PortalError when its code cannot load, and loads again at the next call', async () => {
    const { module, loads } = aCounter({ failFirst: true });
    const failure = await module.add(1).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PortalError);
    expect((failure as PortalError).code).toBe('network');
    await expect(module.add(1)).resolves.toBe(1);
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it('starts a live subscription once its code is there, and stops it from the start', async () => {
    const { module, listeners } = aCounter();
    const seen: number[] = [];
    const stop = module.watch((value) => seen.push(value));
    await module.add(5);
    expect(seen).toEqual([5]);
    await stop();
    await module.add(1);
    expect(seen).toEqual([5]);
    expect(listeners.size).toBe(0);
  });

  it('never starts a subscription stopped before its code arrived', async () => {
    const { module, listeners } = aCounter();
    const stop = module.watch(() => undefined);
    await stop();
    await module.add(1);
    expect(listeners.size).toBe(0);
  });

  it("tells a subscription's error handler that its code could not load", async () => {
    const { module } = aCounter({ failFirst: true });
    const onError = vi.fn();
    const stop = module.watch(() => undefined, onError);
    await stop();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'network' }));
  });

  it('is no thenable: awaiting the module gives the module', async () => {
    const { module } = aCounter();
    expect(await Promise.resolve(module)).toBe(module);
  });
});
