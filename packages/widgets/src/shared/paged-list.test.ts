import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { Page } from '@opportunity-kit/sdk';
import { createPagedListController, createPagedListModel } from './paged-list.ts';

/** A page source whose answers the test releases one by one, to order them as a slow network would. */
function scriptedPages() {
  const calls: Array<{ cursor: string | undefined; answer(page: Page<string>): void; fail(message?: string): void }> = [];
  const fetchPage = (cursor?: string) =>
    new Promise<Page<string>>((resolve, reject) => {
      calls.push({ cursor, answer: resolve, fail: (message = 'offline') => reject(new Error(message)) });
    });
  return { calls, fetchPage };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('paged list', () => {
  it('shows the first page, then appends the next one by its cursor', async () => {
    const { calls, fetchPage } = scriptedPages();
    const model = createPagedListModel<string>();
    const list = createPagedListController(model, fetchPage);

    const loading = list.load();
    expect(model.status.value).toBe('loading');
    calls[0]!.answer({ items: ['a', 'b'], total: 9, nextCursor: 'b' });
    await loading;
    expect(model.status.value).toBe('ready');

    const more = list.loadMore();
    expect(model.loadingMore.value).toBe(true);
    expect(calls[1]!.cursor).toBe('b');
    calls[1]!.answer({ items: ['c'], total: 9, nextCursor: null });
    await more;
    expect(model.items.value).toEqual(['a', 'b', 'c']);
    expect(model.loadingMore.value).toBe(false);

    await list.loadMore();
    expect(calls).toHaveLength(2);
  });

  it('keeps the newest load when an older answer arrives last, and ignores answers after stop', async () => {
    const { calls, fetchPage } = scriptedPages();
    const model = createPagedListModel<string>();
    const firstPages: string[][] = [];
    const list = createPagedListController(model, fetchPage, { onFirstPage: (page) => firstPages.push(page.items) });

    const older = list.load();
    const newer = list.load();
    calls[1]!.answer({ items: ['new'], total: 9, nextCursor: null });
    calls[0]!.answer({ items: ['old'], total: 9, nextCursor: 'old' });
    await Promise.all([older, newer]);
    expect(model.items.value).toEqual(['new']);
    expect(model.nextCursor.value).toBeNull();
    expect(firstPages).toEqual([['new']]);

    const late = list.load();
    list.stop();
    calls[2]!.fail();
    await late;
    await settle();
    expect(model.status.value).toBe('loading');
  });

  it('reports an error with its message when the first page cannot load, and clears it on the next load', async () => {
    const { calls, fetchPage } = scriptedPages();
    const model = createPagedListModel<string>();
    const list = createPagedListController(model, fetchPage, { messageOf: (error) => `Could not load: ${(error as Error).message}` });
    const loading = list.load();
    calls[0]!.fail('offline');
    await loading;
    expect(model.status.value).toBe('error');
    expect(model.error.value).toBe('Could not load: offline');

    const again = list.load();
    expect(model.error.value).toBeNull();
    calls[1]!.answer({ items: ['a'], total: 9, nextCursor: null });
    await again;
    expect(model.status.value).toBe('ready');
  });

  it("shows the spec's generic text when no message is given for an error", async () => {
    const { calls, fetchPage } = scriptedPages();
    const model = createPagedListModel<string>();
    const list = createPagedListController(model, fetchPage);
    const loading = list.load();
    calls[0]!.fail('a technical reason');
    await loading;
    expect(model.error.value).toBe(MESSAGES.genericError);
  });

  it('keeps the list when "Load more" fails, records why, and a retry clears it and appends', async () => {
    const { calls, fetchPage } = scriptedPages();
    const model = createPagedListModel<string>();
    const list = createPagedListController(model, fetchPage, { messageOf: (error) => (error as Error).message });
    const loading = list.load();
    calls[0]!.answer({ items: ['a', 'b'], total: 9, nextCursor: 'b' });
    await loading;

    const more = list.loadMore();
    calls[1]!.fail('We could not reach the server.');
    await more;
    expect(model.status.value).toBe('ready');
    expect(model.items.value).toEqual(['a', 'b']);
    expect(model.nextCursor.value).toBe('b');
    expect(model.loadingMore.value).toBe(false);
    expect(model.loadMoreError.value).toBe('We could not reach the server.');

    const retry = list.loadMore();
    expect(model.loadMoreError.value).toBeNull();
    expect(calls[2]!.cursor).toBe('b');
    calls[2]!.answer({ items: ['c'], total: 9, nextCursor: null });
    await retry;
    expect(model.items.value).toEqual(['a', 'b', 'c']);
    expect(model.loadMoreError.value).toBeNull();
  });

  it('clears a failed "Load more" on a new load, and drops a "Load more" answer that arrives after it', async () => {
    const { calls, fetchPage } = scriptedPages();
    const model = createPagedListModel<string>();
    const list = createPagedListController(model, fetchPage);
    const first = list.load();
    calls[0]!.answer({ items: ['a'], total: 9, nextCursor: 'a' });
    await first;
    const failed = list.loadMore();
    calls[1]!.fail();
    await failed;
    expect(model.loadMoreError.value).toBe(MESSAGES.genericError);

    const slowMore = list.loadMore();
    const reload = list.load();
    expect(model.loadMoreError.value).toBeNull();
    // While the new first page loads, the old cursor must not fetch a page onto the new list.
    await list.loadMore();
    expect(calls).toHaveLength(4);
    calls[3]!.answer({ items: ['x'], total: 9, nextCursor: null });
    await reload;
    calls[2]!.fail();
    await slowMore;
    expect(model.items.value).toEqual(['x']);
    expect(model.loadMoreError.value).toBeNull();
    expect(model.status.value).toBe('ready');
  });

  it('ignores a failed "Load more" that answers after stop', async () => {
    const { calls, fetchPage } = scriptedPages();
    const model = createPagedListModel<string>();
    const list = createPagedListController(model, fetchPage);
    const first = list.load();
    calls[0]!.answer({ items: ['a'], total: 9, nextCursor: 'a' });
    await first;
    const more = list.loadMore();
    list.stop();
    calls[1]!.fail();
    await more;
    expect(model.loadMoreError.value).toBeNull();
    expect(model.status.value).toBe('ready');
  });
});

describe('paged list with live changes', () => {
  it('does not repeat an item a live change already showed when the next page brings it too', async () => {
    const { calls, fetchPage } = scriptedPages();
    const model = createPagedListModel<string>();
    const list = createPagedListController(model, fetchPage, { keyOf: (item) => item });

    const loading = list.load();
    calls[0]!.answer({ items: ['a', 'b'], total: 3, nextCursor: 'b' });
    await loading;
    model.items.value = ['c', ...model.items.value];

    const more = list.loadMore();
    calls[1]!.answer({ items: ['c'], total: 3, nextCursor: null });
    await more;
    expect(model.items.value).toEqual(['c', 'a', 'b']);
    expect(model.total.value).toBe(3);
  });
});
