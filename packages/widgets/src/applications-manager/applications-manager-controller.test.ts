import { describe, expect, it } from 'vitest';
import { PortalError, type ApplicationListFilter, type Page, type PageRequest } from '@opportunity-kit/sdk';
import { MESSAGES, type Application } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { createApplicationsManagerController, type ApplicationsManagerApi } from './applications-manager-controller.ts';
import { createApplicationsManagerModel, type ManagerFilter } from './applications-manager-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A started manager over `api`, with its first page shown. */
async function manager(api: ApplicationsManagerApi, filter?: ManagerFilter) {
  const controller = createApplicationsManagerController(api, createApplicationsManagerModel(filter));
  const stop = controller.start();
  await settle();
  return { controller, stop, state: () => controller.state.value, actions: controller.actions };
}

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
    const { state, actions } = await manager(api);
    expect(state().applications).toHaveLength(2);
    actions.setFilter('accepted');
    expect(state()).toMatchObject({ filter: 'accepted', status: 'loading' });
    await settle();
    expect(calls.map((call) => call.filter)).toEqual([{}, { status: 'accepted' }]);
    expect(state().applications.map((item) => item.status)).toEqual(['accepted']);
  });

  it('confirms an acceptance with the longer text, clears the selection and drops the item from "Pending"', async () => {
    const pending = anApplication();
    const { api } = fakeApplications([pending, anApplication()]);
    const { state, actions } = await manager(api, 'pending');
    actions.select(pending.id);
    expect(state().selected?.id).toBe(pending.id);
    actions.decide('accepted');
    expect(state().decision).toEqual({ state: 'saving', status: 'accepted' });
    await settle();
    expect(state().decision).toEqual({ state: 'done', message: MESSAGES.statusUpdatedAccepted });
    expect(state().selected).toBeNull();
    expect(state().applications.map((item) => item.id)).not.toContain(pending.id);
  });

  it('lets a decision be made again, with the short text for a rejection', async () => {
    const application = anApplication({ status: 'accepted' });
    const { api } = fakeApplications([application]);
    const { state, actions } = await manager(api);
    actions.select(application.id);
    actions.decide('rejected');
    await settle();
    expect(state().decision).toEqual({ state: 'done', message: MESSAGES.statusUpdated });
    expect(state().applications[0]?.status).toBe('rejected');
  });

  it('says "An error occurred" when the update fails, and keeps the selection', async () => {
    const application = anApplication();
    const fake = fakeApplications([application]);
    const { state, actions } = await manager(fake.api);
    actions.select(application.id);
    fake.failNextStatus();
    actions.decide('accepted');
    await settle();
    expect(state().decision).toEqual({ state: 'failed', message: MESSAGES.genericError });
    expect(state().selected?.status).toBe('pending');
  });

  it('reports a failed load as the error state', async () => {
    const api: ApplicationsManagerApi = {
      listForManager: async () => {
        throw new PortalError('network');
      },
      setStatus: async () => anApplication(),
    };
    const { state } = await manager(api);
    expect(state().status).toBe('error');
    expect(state().error).toBe(new PortalError('network').message);
  });

  it('drops a decision that arrives after it stopped', async () => {
    const application = anApplication();
    let answer: (updated: Application) => void = () => {};
    const { state, actions, stop } = await manager({
      ...fakeApplications([application]).api,
      setStatus: () => new Promise((resolve) => (answer = resolve)),
    });
    actions.select(application.id);
    actions.decide('accepted');
    stop();
    answer({ ...application, status: 'accepted' });
    await settle();
    expect(state().decision).toEqual({ state: 'saving', status: 'accepted' });
    expect(state().applications[0]?.status).toBe('pending');
  });
});
