import { batch, computed, effect } from '@preact/signals-react';
import type { ApplicationsModule } from '@opportunity-kit/sdk';
import { MESSAGES, type Application } from '@opportunity-kit/sdk/domain';
import { createLatestRequest } from '../shared/latest-request.ts';
import { createPagedListController, pagedListState } from '../shared/paged-list.ts';
import { portalErrorMessage } from '../shared/portal-error-message.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type { MyApplicationsActions, MyApplicationsModel, MyApplicationsState, SeenDecisions } from './my-applications-model.ts';

/** What the student's list of applications needs of the SDK. @public */
export type MyApplicationsApi = Pick<ApplicationsModule, 'listMine' | 'withdraw'>;

const isDecided = (application: Application) => application.status !== 'pending';

/**
 * Loads the signed-in student's applications page by page, newest first; withdraws a pending one
 * after the student confirms; marks the decisions `seenDecisions` has not seen yet as new.
 */
export function createMyApplicationsController(
  api: MyApplicationsApi,
  model: MyApplicationsModel,
  pageSize = 25,
  seenDecisions?: SeenDecisions,
): WidgetController<MyApplicationsState, MyApplicationsActions> {
  const list = createPagedListController(model, (cursor) => api.listMine({ limit: pageSize, ...(cursor ? { cursor } : {}) }), {
    messageOf: portalErrorMessage,
    keyOf: (application) => application.id,
  });
  const withdrawals = createLatestRequest();

  /** Marks the decisions shown for the first time as new, and remembers them as seen from now on. */
  function noticeDecisions(applications: readonly Application[]): void {
    if (!seenDecisions) return;
    const unseen = applications.filter((application) => isDecided(application) && !seenDecisions.isSeen(application));
    if (unseen.length === 0) return;
    model.newDecisionIds.value = new Set([...model.newDecisionIds.peek(), ...unseen.map((application) => application.id)]);
    seenDecisions.markSeen(unseen);
  }

  async function confirmWithdraw(): Promise<void> {
    const asked = model.withdrawal.value;
    if (asked.state !== 'confirming') return;
    const { application } = asked;
    const mine = withdrawals.begin();
    model.withdrawal.value = { state: 'withdrawing', application };
    try {
      await api.withdraw(application.id);
      if (!mine.isCurrent()) return;
      batch(() => {
        model.items.value = model.items.value.filter((item) => item.id !== application.id);
        model.total.value = Math.max(0, model.total.value - 1);
        model.withdrawal.value = { state: 'done', message: MESSAGES.applicationWithdrawn };
      });
    } catch (error) {
      if (mine.isCurrent()) model.withdrawal.value = { state: 'failed', applicationId: application.id, message: portalErrorMessage(error) };
    }
  }

  const busy = () => model.withdrawal.value.state === 'withdrawing';

  return {
    state: computed(() => ({
      ...pagedListState(model),
      applications: model.items.value,
      withdrawal: model.withdrawal.value,
      newDecisionIds: model.newDecisionIds.value,
    })),
    actions: {
      loadMore: () => void list.loadMore(),
      retry: () => void list.load(),
      askToWithdraw(applicationId) {
        const application = model.items.value.find((item) => item.id === applicationId);
        if (!application || busy()) return;
        model.withdrawal.value = { state: 'confirming', application };
      },
      cancelWithdraw() {
        if (!busy()) model.withdrawal.value = { state: 'idle' };
      },
      confirmWithdraw: () => void confirmWithdraw(),
    },
    start() {
      void list.load();
      const stopNoticing = effect(() => noticeDecisions(model.items.value));
      return () => {
        stopNoticing();
        list.stop();
        withdrawals.invalidate();
      };
    },
  };
}
