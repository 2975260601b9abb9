import { signal, type Signal } from '@preact/signals-react';
import type { Application } from '@opportunity-kit/sdk/domain';

/** `loading` the first page, `ready` with the list, `error` when it could not load. @public */
export type MyApplicationsStatus = 'loading' | 'ready' | 'error';

/** A student's own applications, as signals. */
export interface MyApplicationsModel {
  status: Signal<MyApplicationsStatus>;
  items: Signal<Application[]>;
  nextCursor: Signal<string | null>;
  loadingMore: Signal<boolean>;
}

export function createMyApplicationsModel(): MyApplicationsModel {
  return {
    status: signal<MyApplicationsStatus>('loading'),
    items: signal<Application[]>([]),
    nextCursor: signal<string | null>(null),
    loadingMore: signal(false),
  };
}
