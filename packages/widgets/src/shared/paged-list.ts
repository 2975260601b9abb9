import { batch, signal, type Signal } from '@preact/signals-react';
import type { Page } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { LoadStatus } from './load-status.ts';
import { createLatestRequest } from './latest-request.ts';

/** A list read page by page with a cursor, as signals. */
export interface PagedListModel<T> {
  /** `loading` the first page, `ready` with the list, `error` when it could not load. */
  status: Signal<LoadStatus>;
  items: Signal<T[]>;
  /** How many items the whole list has, as the last page said. */
  total: Signal<number>;
  nextCursor: Signal<string | null>;
  loadingMore: Signal<boolean>;
  /** Why the first page could not load (with `status` `error`); null otherwise. */
  error: Signal<string | null>;
  /** Why the last "Load more" failed; the list stays as it was and "Load more" retries. Null otherwise. */
  loadMoreError: Signal<string | null>;
}

/**
 * What every paged list shows besides its items (which each widget names for what they are: `jobs`,
 * `applications`, …): part of each such widget's state.
 * @public
 */
export interface PagedListState {
  /** Whether the first page is loading, shown or failed. */
  readonly status: LoadStatus;
  /** Why the first page failed to load; null when it did not. */
  readonly error: string | null;
  /** How many items the whole list has. */
  readonly total: number;
  /** Whether there is a next page (the "more" button shows). */
  readonly hasMore: boolean;
  /** A next page is loading (the "more" button is busy). */
  readonly loadingMore: boolean;
  /** Why the last next page failed; null when it did not. The list stays, and the "more" button retries. */
  readonly moreError: string | null;
}

/** The {@link PagedListState} of a model, read inside a widget's `computed` state. */
export function pagedListState<T>(model: PagedListModel<T>): PagedListState {
  return {
    status: model.status.value,
    error: model.error.value,
    total: model.total.value,
    hasMore: model.nextCursor.value !== null,
    loadingMore: model.loadingMore.value,
    moreError: model.loadMoreError.value,
  };
}

export function createPagedListModel<T>(): PagedListModel<T> {
  return {
    status: signal<LoadStatus>('loading'),
    items: signal<T[]>([]),
    total: signal(0),
    nextCursor: signal<string | null>(null),
    loadingMore: signal(false),
    error: signal<string | null>(null),
    loadMoreError: signal<string | null>(null),
  };
}

export interface PagedListController {
  /** Loads the first page; a newer load wins over an older one still running. */
  load(): Promise<void>;
  /** Appends the next page; after a failure, calling it again retries the same cursor. */
  loadMore(): Promise<void>;
  /** Drops every answer still on its way (the widget stopped); `load` starts again. */
  stop(): void;
}

export interface PagedListOptions<T, P> {
  /** Runs inside the batch that shows a first page, for state that depends on it. */
  onFirstPage?(page: P): void;
  /** What tells two items apart, so a next page never repeats one shown already; the item itself by default. */
  keyOf?(item: T): unknown;
  /**
   * The message a person reads for what `fetchPage` threw; the spec's generic text by default.
   * Each widget passes its client's own (the portal SDK's `PortalError` messages are written for people).
   */
  messageOf?(error: unknown): string;
}

const genericMessage = () => MESSAGES.genericError;

/**
 * Loads a cursor-paged list into `model`. `fetchPage` reads one page (no cursor: the first); answers that
 * arrive after a newer `load` or `stop` are dropped, so a slow old request never overwrites a new list.
 * A failed first page is an error of the whole list; a failed next page only is: the list stays on screen.
 */
export function createPagedListController<T, P extends Page<T>>(
  model: PagedListModel<T>,
  fetchPage: (cursor?: string) => Promise<P>,
  options: PagedListOptions<T, P> = {},
): PagedListController {
  const messageOf = options.messageOf ?? genericMessage;
  const keyOf = options.keyOf ?? ((item: T) => item);
  const requests = createLatestRequest();

  return {
    async load() {
      const mine = requests.begin();
      batch(() => {
        model.status.value = 'loading';
        model.loadingMore.value = false;
        model.error.value = null;
        model.loadMoreError.value = null;
      });
      try {
        const page = await fetchPage();
        if (!mine.isCurrent()) return;
        batch(() => {
          model.items.value = page.items;
          model.total.value = page.total;
          model.nextCursor.value = page.nextCursor;
          model.status.value = 'ready';
          options.onFirstPage?.(page);
        });
      } catch (error) {
        if (!mine.isCurrent()) return;
        batch(() => {
          model.error.value = messageOf(error);
          model.status.value = 'error';
        });
      }
    },

    async loadMore() {
      const cursor = model.nextCursor.value;
      // While a first page loads, the cursor still belongs to the list it replaces.
      if (!cursor || model.status.value !== 'ready' || model.loadingMore.value) return;
      const mine = requests.current();
      batch(() => {
        model.loadingMore.value = true;
        model.loadMoreError.value = null;
      });
      try {
        const page = await fetchPage(cursor);
        if (!mine.isCurrent()) return;
        batch(() => {
          // A live change may already have shown an item of the next page: it is not shown twice.
          const shown = new Set(model.items.value.map(keyOf));
          model.items.value = [...model.items.value, ...page.items.filter((item) => !shown.has(keyOf(item)))];
          model.total.value = page.total;
          model.nextCursor.value = page.nextCursor;
        });
      } catch (error) {
        if (mine.isCurrent()) model.loadMoreError.value = messageOf(error);
      } finally {
        if (mine.isCurrent()) model.loadingMore.value = false;
      }
    },

    stop() {
      requests.invalidate();
    },
  };
}
