/**
 * The part of `@preact/signals-core` the embed's models and controllers use (`signal`, `computed`,
 * `effect`, `batch`, `.value`, `.peek()`, `.subscribe()`), with its semantics in a third of its size
 * (about 1 KB gzip less in the script): the embed build points `@preact/signals-react` here, so the
 * board runs the widgets' own code. `lite-signals.test.ts` runs the same cases on both.
 *
 * A write marks what read the signal stale at once (a computed recomputes when next read) and runs the
 * effects concerned when the outermost batch ends; each run records again what it reads.
 */

/** The computed or effect running now: each signal it reads is recorded as one of its sources. */
let running: Reactive | undefined;
let batchDepth = 0;
const queue = new Set<Effect>();

abstract class Reactive {
  /** What read this on its last run, and is told when this changes. */
  readonly targets = new Set<Reactive>();
  /** What this read on its last run. */
  private readonly sources = new Set<Reactive>();

  abstract stale(): void;

  protected recordRead(): void {
    if (!running) return;
    running.sources.add(this);
    this.targets.add(running);
  }

  /** Runs `fn` recording what it reads, in place of what the last run read. */
  protected track<R>(fn: () => R): R {
    this.forget();
    return runAs(this, fn);
  }

  protected forget(): void {
    for (const source of this.sources) source.targets.delete(this);
    this.sources.clear();
  }
}

export class Signal<T> extends Reactive {
  constructor(protected current: T) {
    super();
  }

  get value(): T {
    this.recordRead();
    return this.current;
  }

  set value(value: T) {
    if (value === this.current) return;
    this.current = value;
    batch(() => this.stale());
  }

  stale(): void {
    for (const target of this.targets) target.stale();
  }

  peek(): T {
    return untracked(() => this.value);
  }

  /** Calls `onValue` with the value now and after each change; the answer stops it. */
  subscribe(onValue: (value: T) => void): () => void {
    return effect(() => {
      const value = this.value;
      untracked(() => onValue(value));
    });
  }
}

class Computed<T> extends Signal<T> {
  private dirty = true;

  constructor(private readonly compute: () => T) {
    super(undefined as T);
  }

  override get value(): T {
    this.recordRead();
    if (this.dirty) {
      this.dirty = false;
      this.current = this.track(this.compute);
    }
    return this.current;
  }

  override stale(): void {
    if (this.dirty) return;
    this.dirty = true;
    super.stale();
  }
}

class Effect extends Reactive {
  private cleanup: (() => void) | undefined;
  private disposed = false;

  constructor(private readonly fn: () => unknown) {
    super();
  }

  stale(): void {
    queue.add(this);
  }

  run(): void {
    if (this.disposed) return;
    this.cleanup?.();
    const after = this.track(this.fn);
    this.cleanup = typeof after === 'function' ? (after as () => void) : undefined;
  }

  dispose(): void {
    this.disposed = true;
    this.forget();
    this.cleanup?.();
  }
}

export type ReadonlySignal<T> = Pick<Signal<T>, 'value' | 'peek' | 'subscribe'>;

export function signal<T>(value: T): Signal<T> {
  return new Signal(value);
}

export function computed<T>(compute: () => T): ReadonlySignal<T> {
  return new Computed(compute);
}

/** Runs `fn` now and again after each change of what it read; `fn` may answer a cleanup, run before the next run. */
export function effect(fn: () => unknown): () => void {
  const created = new Effect(fn);
  batch(() => created.run());
  return () => created.dispose();
}

/**
 * Runs `fn`, then (unless an outer batch is still running) the effects its writes concern, and those
 * their writes concern, each once per round; the first error an effect throws is thrown after them all.
 */
export function batch<T>(fn: () => T): T {
  batchDepth++;
  try {
    return fn();
  } finally {
    try {
      // Still inside the batch: writes of the effects it runs join this round.
      if (batchDepth === 1) flush();
    } finally {
      batchDepth--;
    }
  }
}

function flush(): void {
  let failure: { error: unknown } | undefined;
  // A Set's iteration also visits what is added while it runs: effects concerned by an effect's writes.
  for (const next of queue) {
    queue.delete(next);
    try {
      next.run();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

export function untracked<T>(fn: () => T): T {
  return runAs(undefined, fn);
}

/** Runs `fn` with `reader` recording what it reads (none: nothing is recorded). */
function runAs<R>(reader: Reactive | undefined, fn: () => R): R {
  const outer = running;
  running = reader;
  try {
    return fn();
  } finally {
    running = outer;
  }
}
