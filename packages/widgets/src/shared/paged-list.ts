import { batch, signal, type Signal } from '@preact/signals-react';

/** `loading` the first page, `ready` with the list, `error` when it could not load. */
export type PagedListStatus = 'loading' | 'ready' | 'error';

/** A list read page by page with a cursor, as signals. */
export interface PagedListModel<T> {
  status: Signal<PagedListStatus>;
  items: Signal<T[]>;
  nextCursor: Signal<string | null>;
  loadingMore: Signal<boolean>;
}

export function createPagedListModel<T>(): PagedListModel<T> {
  return {
    status: signal<PagedListStatus>('loading'),
    items: signal<T[]>([]),
    nextCursor: signal<string | null>(null),
    loadingMore: signal(false),
  };
}

/** One page as the SDK answers it. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export interface PagedListController {
  /** Loads the first page; a newer load wins over an older one still running. */
  load(): Promise<void>;
  loadMore(): Promise<void>;
  dispose(): void;
}

export interface PagedListOptions<P> {
  /** Runs inside the batch that shows a first page, for state that depends on it. */
  onFirstPage?(page: P): void;
}

/**
 * Loads a cursor-paged list into `model`. `fetchPage` reads one page (no cursor: the first); answers that
 * arrive after a newer `load` or `dispose` are dropped, so a slow old request never overwrites a new list.
 */
export function createPagedListController<T, P extends Page<T>>(
  model: PagedListModel<T>,
  fetchPage: (cursor?: string) => Promise<P>,
  options: PagedListOptions<P> = {},
): PagedListController {
  let generation = 0;

  return {
    async load() {
      const mine = ++generation;
      batch(() => {
        model.status.value = 'loading';
        model.loadingMore.value = false;
      });
      try {
        const page = await fetchPage();
        if (mine !== generation) return;
        batch(() => {
          model.items.value = page.items;
          model.nextCursor.value = page.nextCursor;
          model.status.value = 'ready';
          options.onFirstPage?.(page);
        });
      } catch {
        if (mine === generation) model.status.value = 'error';
      }
    },

    async loadMore() {
      const cursor = model.nextCursor.value;
      if (!cursor || model.loadingMore.value) return;
      const mine = generation;
      model.loadingMore.value = true;
      try {
        const page = await fetchPage(cursor);
        if (mine !== generation) return;
        batch(() => {
          model.items.value = [...model.items.value, ...page.items];
          model.nextCursor.value = page.nextCursor;
        });
      } catch {
        if (mine === generation) model.status.value = 'error';
      } finally {
        if (mine === generation) model.loadingMore.value = false;
      }
    },

    dispose() {
      generation++;
    },
  };
}
