import { describe, expect, it } from 'vitest';
import { PortalError, type ApplicationListFilter, type Page, type PageRequest } from '@opportunity-kit/sdk';
import { MESSAGES, type Application } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { createApplicationsManagerController, type ApplicationsManagerApi } from './applications-manager-controller.ts';
import { createApplicationsManagerModel } from './applications-manager-model.ts';

/** An in-memory stand-in for the SDK's applications module, filtering like the server does. */
function fakeApplications(stored: Application[]) {
  const calls: Array<{ filter: ApplicationListFilter | undefined; page: PageRequest | undefined }> = [];
  let failStatus = false;
  const api: ApplicationsManagerApi = {
    async listForManager(filter, page): Promise<Page<Application>> {
      calls.push({ filter, page });
      const items = stored.filter((item) => !filter?.status || item.status === filter.status);
      return { items, total: items.length, nextCursor: null };
    },
    async setStatus(id, status) {
      if (failStatus) throw new PortalError('internal');
      const index = stored.findIndex((item) => item.id === id);
      stored[index] = { ...stored[index]!, status };
      return stored[index]!;
    },
  };
  return { api, calls, failNextStatus: () => (failStatus = true) };
}

describe('applications manager controller', () => {
  it('asks the SDK for the chosen filter', async () => {
    const { api, calls } = fakeApplications([anApplication({ status: 'accepted' }), anApplication()]);
    const model = createApplicationsManagerModel();
    const controller = createApplicationsManagerController(api, model);
    await controller.load();
    expect(model.items.value).toHaveLength(2);
    await controller.setFilter('accepted');
    expect(calls.map((call) => call.filter)).toEqual([{}, { status: 'accepted' }]);
    expect(model.items.value.map((item) => item.status)).toEqual(['accepted']);
  });

  it('confirms an acceptance with the longer text, clears the selection and drops the item from "Pending"', async () => {
    const pending = anApplication();
    const { api } = fakeApplications([pending, anApplication()]);
    const model = createApplicationsManagerModel('pending');
    const controller = createApplicationsManagerController(api, model);
    await controller.load();
    controller.select(pending.id);
    expect(model.selected.value?.id).toBe(pending.id);
    await controller.decide('accepted');
    expect(model.decision.value).toEqual({ state: 'done', message: MESSAGES.statusUpdatedAccepted });
    expect(model.selectedId.value).toBeNull();
    expect(model.items.value.map((item) => item.id)).not.toContain(pending.id);
  });

  it('lets a decision be made again, with the short text for a rejection', async () => {
    const application = anApplication({ status: 'accepted' });
    const { api } = fakeApplications([application]);
    const model = createApplicationsManagerModel();
    const controller = createApplicationsManagerController(api, model);
    await controller.load();
    controller.select(application.id);
    await controller.decide('rejected');
    expect(model.decision.value).toEqual({ state: 'done', message: MESSAGES.statusUpdated });
    expect(model.items.value[0]?.status).toBe('rejected');
  });

  it('says "An error occurred" when the update fails, and keeps the selection', async () => {
    const application = anApplication();
    const fake = fakeApplications([application]);
    const model = createApplicationsManagerModel();
    const controller = createApplicationsManagerController(fake.api, model);
    await controller.load();
    controller.select(application.id);
    fake.failNextStatus();
    await controller.decide('accepted');
    expect(model.decision.value).toEqual({ state: 'failed', message: MESSAGES.genericError });
    expect(model.selected.value?.status).toBe('pending');
  });

  it('reports a failed load as the error state', async () => {
    const api: ApplicationsManagerApi = {
      listForManager: async () => {
        throw new PortalError('network');
      },
      setStatus: async () => anApplication(),
    };
    const model = createApplicationsManagerModel();
    await createApplicationsManagerController(api, model).load();
    expect(model.status.value).toBe('error');
  });
});
