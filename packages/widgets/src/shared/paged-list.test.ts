import { describe, expect, it } from 'vitest';
import { createPagedListController, createPagedListModel, type Page } from './paged-list.ts';

/** A page source whose answers the test releases one by one, to order them as a slow network would. */
function scriptedPages() {
  const calls: Array<{ cursor: string | undefined; answer(page: Page<string>): void; fail(): void }> = [];
  const fetchPage = (cursor?: string) =>
    new Promise<Page<string>>((resolve, reject) => {
      calls.push({ cursor, answer: resolve, fail: () => reject(new Error('offline')) });
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
    calls[0]!.answer({ items: ['a', 'b'], nextCursor: 'b' });
    await loading;
    expect(model.status.value).toBe('ready');

    const more = list.loadMore();
    expect(model.loadingMore.value).toBe(true);
    expect(calls[1]!.cursor).toBe('b');
    calls[1]!.answer({ items: ['c'], nextCursor: null });
    await more;
    expect(model.items.value).toEqual(['a', 'b', 'c']);
    expect(model.loadingMore.value).toBe(false);

    await list.loadMore();
    expect(calls).toHaveLength(2);
  });

  it('keeps the newest load when an older answer arrives last, and ignores answers after dispose', async () => {
    const { calls, fetchPage } = scriptedPages();
    const model = createPagedListModel<string>();
    const firstPages: string[][] = [];
    const list = createPagedListController(model, fetchPage, { onFirstPage: (page) => firstPages.push(page.items) });

    const older = list.load();
    const newer = list.load();
    calls[1]!.answer({ items: ['new'], nextCursor: null });
    calls[0]!.answer({ items: ['old'], nextCursor: 'old' });
    await Promise.all([older, newer]);
    expect(model.items.value).toEqual(['new']);
    expect(model.nextCursor.value).toBeNull();
    expect(firstPages).toEqual([['new']]);

    const late = list.load();
    list.dispose();
    calls[2]!.fail();
    await late;
    await settle();
    expect(model.status.value).toBe('loading');
  });

  it('reports an error when a page cannot load', async () => {
    const { calls, fetchPage } = scriptedPages();
    const model = createPagedListModel<string>();
    const list = createPagedListController(model, fetchPage);
    const loading = list.load();
    calls[0]!.fail();
    await loading;
    expect(model.status.value).toBe('error');
  });
});
