/**
 * A fixed number of executions run at once; the rest wait their turn, as on Appwrite, where a pool of
 * runtimes serves the queue. Without it a burst (a thousand views at once) would start every function
 * together in this one process, each making its own API calls back to the server, and the last ones
 * would run out of their timeout while waiting for the CPU. A function's timeout starts when its slot does.
 */
export class ExecutionSlots {
  private running = 0;
  private readonly queue: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }
}
