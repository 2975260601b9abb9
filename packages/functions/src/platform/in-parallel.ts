/**
 * Maps `items` with at most `limit` calls of `map` running at a time, answering in the items' order.
 * For work on many rows inside one execution: all at once would crowd the database with requests
 * (and retries of the ones that collide), one by one would not finish within the function's timeout.
 */
export async function mapInParallel<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
