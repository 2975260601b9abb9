import { signal, type Signal } from '@preact/signals-react';
import type { Application } from '@opportunity-kit/sdk/domain';
import { createPagedListModel, type PagedListModel, type PagedListState } from '../shared/paged-list.ts';

/**
 * Withdrawing one pending application: asked (the confirm dialog is open), on its way, withdrawn
 * (with the confirmation to show), or refused (shown on that application); `idle` before the first.
 * @public
 */
export type WithdrawalState =
  | { state: 'idle' }
  | { state: 'confirming'; application: Application }
  | { state: 'withdrawing'; application: Application }
  | { state: 'done'; message: string }
  | { state: 'failed'; applicationId: string; message: string };

/**
 * Which decisions the student has already seen, so the ones they have not are marked "New". An
 * application counts as seen with the status it had then: a decision changed later is new again.
 * @public
 */
export interface SeenDecisions {
  /** Whether the student has seen this application with this status. */
  isSeen(application: Pick<Application, 'id' | 'status'>): boolean;
  /** Remembers that the student has now seen these applications as they are. */
  markSeen(applications: ReadonlyArray<Pick<Application, 'id' | 'status'>>): void;
}

/** A student's own applications, as signals. */
export interface MyApplicationsModel extends PagedListModel<Application> {
  withdrawal: Signal<WithdrawalState>;
  /** Decisions that were new when this list showed them; they stay marked while the list is open. */
  newDecisionIds: Signal<ReadonlySet<string>>;
}

export function createMyApplicationsModel(): MyApplicationsModel {
  return {
    ...createPagedListModel<Application>(),
    withdrawal: signal<WithdrawalState>({ state: 'idle' }),
    newDecisionIds: signal<ReadonlySet<string>>(new Set()),
  };
}

/** What a student's list of applications shows: {@link useMyApplications}'s `state`, and {@link MyApplicationsView}'s. @public */
export interface MyApplicationsState extends PagedListState {
  /** The student's applications loaded so far, newest first. */
  readonly applications: readonly Application[];
  /** The withdrawal asked for, on its way, done or refused. */
  readonly withdrawal: WithdrawalState;
  /** Applications whose decision the student had not seen before this visit (marked "New"). */
  readonly newDecisionIds: ReadonlySet<string>;
}

/** What a student can do with their list of applications: {@link useMyApplications}'s `actions`. @public */
export interface MyApplicationsActions {
  /** Appends the next page; after a failure, tries the same page again. */
  loadMore(): void;
  /** Loads the first page again, after it failed. */
  retry(): void;
  /** Asks to withdraw this pending application (opens the confirmation). */
  askToWithdraw(applicationId: string): void;
  /** Keeps the application after all (closes the confirmation). */
  cancelWithdraw(): void;
  /** Withdraws the application asked about; it leaves the list once the server confirms. */
  confirmWithdraw(): void;
}
