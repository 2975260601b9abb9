/**
 * Serialises async work per key (one file of a bucket, one deployment of a function), so concurrent chunks update
 * their upload's state one at a time while unrelated uploads run in parallel. The process is single-threaded;
 * what needs guarding is only the interleaving across `await`s.
 */
export class KeyedLock {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => current);
    this.tails.set(key, tail);
    await previous;
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
