import { describe, expect, it } from 'vitest';
import { PortalError, type Page, type PageRequest } from '@opportunity-kit/sdk';
import type { Application } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { createMyApplicationsController, type MyApplicationsApi } from './my-applications-controller.ts';
import { createMyApplicationsModel } from './my-applications-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const withdraw = async () => {};

function list(api: Omit<MyApplicationsApi, 'withdraw'>, pageSize?: number) {
  const controller = createMyApplicationsController({ withdraw, ...api }, createMyApplicationsModel(), pageSize);
  return { controller, state: () => controller.state.value, actions: controller.actions };
}

describe('my applications controller', () => {
  it('loads the first page when started and appends the next one on request', async () => {
    const requests: Array<PageRequest | undefined> = [];
    const { controller, state, actions } = list(
      {
        listMine: async (page) => {
          requests.push(page);
          return page?.cursor
            ? { items: [anApplication({ id: 'older' })], total: 2, nextCursor: null }
            : { items: [anApplication({ id: 'newer' })], total: 2, nextCursor: 'newer' };
        },
      },
      1,
    );
    controller.start();
    expect(state().status).toBe('loading');
    await settle();
    expect(state()).toMatchObject({ status: 'ready', total: 2, hasMore: true, error: null, moreError: null });
    actions.loadMore();
    await settle();
    expect(state().applications.map((application) => application.id)).toEqual(['newer', 'older']);
    expect(state().hasMore).toBe(false);
    expect(requests).toEqual([{ limit: 1 }, { limit: 1, cursor: 'newer' }]);
  });

  it("reports a failed first page with the SDK's message, and loads again on retry", async () => {
    let calls = 0;
    const { controller, state, actions } = list({
      listMine: async () => {
        calls += 1;
        if (calls === 1) throw new PortalError('unauthenticated', 'Please sign in to see your applications.');
        return { items: [anApplication()], total: 1, nextCursor: null };
      },
    });
    controller.start();
    await settle();
    expect(state()).toMatchObject({ status: 'error', error: 'Please sign in to see your applications.' });
    actions.retry();
    await settle();
    expect(state()).toMatchObject({ status: 'ready', error: null, total: 1 });
  });

  it('drops a page that arrives after it stopped', async () => {
    let answer: (page: Page<Application>) => void = () => {};
    const { controller, state } = list({ listMine: () => new Promise((resolve) => (answer = resolve)) });
    const stop = controller.start();
    stop();
    answer({ items: [anApplication()], total: 1, nextCursor: null });
    await settle();
    expect(state()).toMatchObject({ status: 'loading', applications: [] });
  });

  it('drops a withdrawal that is answered after it stopped', async () => {
    let answer: () => void = () => {};
    const application = anApplication();
    const controller = createMyApplicationsController(
      { listMine: async () => ({ items: [application], total: 1, nextCursor: null }), withdraw: () => new Promise<void>((resolve) => (answer = resolve)) },
      createMyApplicationsModel(),
    );
    const stop = controller.start();
    await settle();
    controller.actions.askToWithdraw(application.id);
    controller.actions.confirmWithdraw();
    expect(controller.state.value.withdrawal.state).toBe('withdrawing');
    stop();
    answer();
    await settle();
    expect(controller.state.value.applications).toEqual([application]);
    expect(controller.state.value.withdrawal.state).toBe('withdrawing');
  });
});
