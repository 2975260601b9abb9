import type { Application } from '@opportunity-kit/sdk/domain';
import { createPagedListModel, type PagedListModel } from '../shared/paged-list.ts';

/** A student's own applications, as signals. */
export type MyApplicationsModel = PagedListModel<Application>;

export function createMyApplicationsModel(): MyApplicationsModel {
  return createPagedListModel<Application>();
}
