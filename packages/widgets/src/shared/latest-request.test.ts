import { describe, expect, it } from 'vitest';
import { createLatestRequest, type LatestRequest } from './latest-request.ts';

/** A request whose answer the test releases, to order answers as a slow network would. */
function deferred<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    answer = resolve;
  });
  return { promise, answer };
}

/** Shows what `fetch` answers unless a newer load (or invalidate) came first: the controllers' pattern. */
function loader(requests: LatestRequest, shown: string[]) {
  return async (fetch: Promise<string>) => {
    const mine = requests.begin();
    const answer = await fetch;
    if (mine.isCurrent()) shown.push(answer);
  };
}

describe('latest request', () => {
  it('never lets a slower older answer overwrite a newer one', async () => {
    const shown: string[] = [];
    const load = loader(createLatestRequest(), shown);
    const older = deferred<string>();
    const newer = deferred<string>();

    const first = load(older.promise);
    const second = load(newer.promise);
    newer.answer('new');
    await second;
    older.answer('old');
    await first;

    expect(shown).toEqual(['new']);
  });

  it('drops answers that arrive after invalidate', async () => {
    const requests = createLatestRequest();
    const shown: string[] = [];
    const pending = deferred<string>();

    const loading = loader(requests, shown)(pending.promise);
    requests.invalidate();
    pending.answer('late');
    await loading;

    expect(shown).toEqual([]);
  });

  it('begins new requests after invalidate, for a controller started again', async () => {
    const requests = createLatestRequest();
    requests.invalidate();
    const token = requests.begin();
    expect(token.isCurrent()).toBe(true);
  });

  it('gives follow-up work the current token, dropped with the load it follows', () => {
    const requests = createLatestRequest();
    requests.begin();
    const followUp = requests.current();
    expect(followUp.isCurrent()).toBe(true);
    // Taking the current token does not supersede the load.
    const again = requests.current();
    expect(followUp.isCurrent()).toBe(true);
    expect(again.isCurrent()).toBe(true);

    requests.begin();
    expect(followUp.isCurrent()).toBe(false);
    expect(again.isCurrent()).toBe(false);
  });
});
