import type { ApplicationsModule } from '@opportunity-kit/sdk';
import { createPagedListController, type PagedListController } from '../shared/paged-list.ts';
import { portalErrorMessage } from '../shared/portal-error-message.ts';
import type { MyApplicationsModel } from './my-applications-model.ts';

/** What the student's list of applications needs of the SDK. @public */
export type MyApplicationsApi = Pick<ApplicationsModule, 'listMine'>;

export type MyApplicationsController = PagedListController;

export function createMyApplicationsController(api: MyApplicationsApi, model: MyApplicationsModel, pageSize = 25): MyApplicationsController {
  return createPagedListController(model, (cursor) => api.listMine({ limit: pageSize, ...(cursor ? { cursor } : {}) }), {
    messageOf: portalErrorMessage,
  });
}
