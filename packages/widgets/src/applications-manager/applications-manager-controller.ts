import { batch, computed, effect } from '@preact/signals-react';
import type { ApplicationsModule, ProfilesModule } from '@opportunity-kit/sdk';
import { MESSAGES, statusUpdatedMessage, type Application, type ApplicationStatus } from '@opportunity-kit/sdk/domain';
import { createLatestRequest } from '../shared/latest-request.ts';
import { createPagedListController, pagedListState } from '../shared/paged-list.ts';
import { portalErrorMessage } from '../shared/portal-error-message.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type { ApplicationsManagerActions, ApplicationsManagerModel, ApplicationsManagerState, ManagerFilter } from './applications-manager-model.ts';

/** What the applications manager needs of the SDK. @public */
export type ApplicationsManagerApi = Pick<ApplicationsModule, 'listForManager' | 'setStatus'>;

/**
 * What the manager may look up beside the applications: applicants' profiles (for their names), and
 * whether the viewer has postings (for what an empty list says). Each is optional.
 * @public
 */
export interface ApplicationsManagerLookups {
  /** The SDK's `profiles` module (or anything with its `getByEmail`). */
  profiles?: Pick<ProfilesModule, 'getByEmail'> | undefined;
  /** Answers whether the viewer has posted any opportunity. */
  hasPostings?: (() => Promise<boolean>) | undefined;
}

const matches = (filter: ManagerFilter, application: Application) => filter === 'all' || application.status === filter;

/** Lists the applications to the viewer's postings for the chosen filter, and saves Accept / Reject decisions. */
export function createApplicationsManagerController(
  api: ApplicationsManagerApi,
  model: ApplicationsManagerModel,
  pageSize = 25,
  lookups: ApplicationsManagerLookups = {},
): WidgetController<ApplicationsManagerState, ApplicationsManagerActions> {
  const statusOf = (filter: ManagerFilter) => (filter === 'all' ? {} : { status: filter });
  const list = createPagedListController(
    model,
    (cursor) => api.listForManager(statusOf(model.filter.value), { limit: pageSize, ...(cursor ? { cursor } : {}) }),
    {
      onFirstPage(page) {
        if (!page.items.some((item) => item.id === model.selectedId.value)) model.selectedId.value = null;
      },
      keyOf: (application) => application.id,
      messageOf: portalErrorMessage,
    },
  );
  // A decision outlives a change of filter (its answer still updates the list), but not the widget.
  const decisions = createLatestRequest();
  const lookupsInFlight = createLatestRequest();
  const askedNames = new Set<string>();

  /** Looks up the names of applicants shown for the first time, each e-mail once for the widget's life. */
  function lookUpNames(applications: readonly Application[]): void {
    const { profiles } = lookups;
    if (!profiles) return;
    const mine = lookupsInFlight.current();
    for (const email of new Set(applications.map((application) => application.applicantEmail))) {
      if (askedNames.has(email)) continue;
      askedNames.add(email);
      profiles
        .getByEmail(email)
        .then((profile) => profile?.name || null)
        // A name that cannot be read leaves the e-mail address, which is always there.
        .catch(() => null)
        .then((name) => {
          if (mine.isCurrent()) model.applicantNames.value = new Map(model.applicantNames.peek()).set(email, name);
        });
    }
  }

  async function askForPostings(): Promise<void> {
    if (!lookups.hasPostings) return;
    const mine = lookupsInFlight.current();
    try {
      const has = await lookups.hasPostings();
      if (mine.isCurrent()) model.postings.value = has ? 'some' : 'none';
    } catch {
      // Without an answer the empty list says what is true either way.
    }
  }

  async function decide(status: Exclude<ApplicationStatus, 'pending'>): Promise<void> {
    const selected = model.selected.value;
    if (!selected || model.decision.value.state === 'saving') return;
    const mine = decisions.begin();
    model.decision.value = { state: 'saving', status };
    try {
      const updated = await api.setStatus(selected.id, status);
      if (!mine.isCurrent()) return;
      batch(() => {
        const filter = model.filter.value;
        // The list keeps showing only what its filter asks for: an accepted application leaves "Pending".
        model.items.value = model.items.value.flatMap((item) => (item.id !== updated.id ? [item] : matches(filter, updated) ? [updated] : []));
        model.selectedId.value = null;
        model.decision.value = { state: 'done', message: statusUpdatedMessage(updated.status) };
      });
    } catch {
      if (mine.isCurrent()) model.decision.value = { state: 'failed', message: MESSAGES.genericError };
    }
  }

  const actions: ApplicationsManagerActions = {
    setFilter(filter) {
      batch(() => {
        model.filter.value = filter;
        model.decision.value = { state: 'idle' };
      });
      void list.load();
    },
    select(id) {
      batch(() => {
        model.selectedId.value = id;
        model.decision.value = { state: 'idle' };
      });
    },
    decide: (status) => void decide(status),
    loadMore: () => void list.loadMore(),
    retry: () => void list.load(),
  };

  return {
    state: computed(() => ({
      ...pagedListState(model),
      filter: model.filter.value,
      applications: model.items.value,
      selected: model.selected.value,
      decision: model.decision.value,
      applicantNames: model.applicantNames.value,
      postings: model.postings.value,
    })),
    actions,
    start() {
      void list.load();
      void askForPostings();
      const stopLookingUp = effect(() => lookUpNames(model.items.value));
      return () => {
        stopLookingUp();
        list.stop();
        decisions.invalidate();
        lookupsInFlight.invalidate();
        // Answers dropped now are asked again after a restart.
        askedNames.clear();
      };
    },
  };
}
