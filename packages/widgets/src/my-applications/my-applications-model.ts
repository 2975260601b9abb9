import type { Application } from '@opportunity-kit/sdk/domain';
import { createPagedListModel, type PagedListModel } from '../shared/paged-list.ts';

/** `loading` the first page, `ready` with the list, `error` when it could not load. @public */
export type MyApplicationsStatus = 'loading' | 'ready' | 'error';

/** A student's own applications, as signals. */
export type MyApplicationsModel = PagedListModel<Application>;

export function createMyApplicationsModel(): MyApplicationsModel {
  return createPagedListModel<Application>();
}
