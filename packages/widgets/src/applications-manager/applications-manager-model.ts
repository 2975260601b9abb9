import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { Application, ApplicationStatus } from '@opportunity-kit/sdk/domain';
import { createPagedListModel, type PagedListModel, type PagedListState } from '../shared/paged-list.ts';

/** The manager's filter buttons: All, Pending, Accepted and Rejected. @public */
export type ManagerFilter = 'all' | 'pending' | 'accepted' | 'rejected';

/**
 * Whether the viewer has postings, for what the empty list says: `unknown` when the manager was not
 * given a way to ask.
 * @public
 */
export type ManagerPostings = 'unknown' | 'none' | 'some';

/** A decision being saved, saved, or refused; `idle` before the first. @public */
export type ApplicationDecisionState =
  | { state: 'idle' }
  | { state: 'saving'; status: Exclude<ApplicationStatus, 'pending'> }
  | { state: 'done'; message: string }
  | { state: 'failed'; message: string };

/** The applications manager's state, as signals. */
export interface ApplicationsManagerModel extends PagedListModel<Application> {
  filter: Signal<ManagerFilter>;
  selectedId: Signal<string | null>;
  selected: ReadonlySignal<Application | null>;
  decision: Signal<ApplicationDecisionState>;
  /** Applicants' names by e-mail; null when no profile is visible to the viewer. */
  applicantNames: Signal<ReadonlyMap<string, string | null>>;
  postings: Signal<ManagerPostings>;
}

export function createApplicationsManagerModel(filter: ManagerFilter = 'all'): ApplicationsManagerModel {
  const list = createPagedListModel<Application>();
  const selectedId = signal<string | null>(null);
  return {
    ...list,
    filter: signal(filter),
    selectedId,
    selected: computed(() => list.items.value.find((item) => item.id === selectedId.value) ?? null),
    decision: signal<ApplicationDecisionState>({ state: 'idle' }),
    applicantNames: signal<ReadonlyMap<string, string | null>>(new Map()),
    postings: signal<ManagerPostings>('unknown'),
  };
}

/** What the applications manager shows: {@link useApplicationsManager}'s `state`, and {@link ApplicationsManagerView}'s. @public */
export interface ApplicationsManagerState extends PagedListState {
  /** The filter button that is pressed. */
  readonly filter: ManagerFilter;
  /** The applications to the viewer's postings loaded so far, newest first, as the filter asks. */
  readonly applications: readonly Application[];
  /** The application in the detail pane, or null. */
  readonly selected: Application | null;
  /** The last Accept or Reject: being saved, its confirmation, or why it failed. */
  readonly decision: ApplicationDecisionState;
  /**
   * Applicants' names from their profiles, by e-mail: absent while being looked up, null when the
   * applicant has no profile the viewer may see (a private one, or none yet).
   */
  readonly applicantNames: ReadonlyMap<string, string | null>;
  /** Whether the viewer has postings at all (what an empty list suggests next). */
  readonly postings: ManagerPostings;
}

/** What an employer or teacher can do in the applications manager: {@link useApplicationsManager}'s `actions`. @public */
export interface ApplicationsManagerActions {
  /** Shows the applications of this filter (reloads the list). */
  setFilter(filter: ManagerFilter): void;
  /** Shows one application in the detail pane, or closes it (null). */
  select(id: string | null): void;
  /** Accepts or rejects the selected application; the selection is cleared once it is saved. */
  decide(status: Exclude<ApplicationStatus, 'pending'>): void;
  /** Appends the next page; after a failure, tries the same page again. */
  loadMore(): void;
  /** Loads the first page again, after it failed. */
  retry(): void;
}
