import { signal, type Signal } from '@preact/signals-react';
import type { Alert, SavedPosting } from '@opportunity-kit/sdk';
import type { LoadStatus } from '../shared/load-status.ts';

/** The outcome of the last Unsave or Delete: what was done (announced), or why it failed. @public */
export type SavedPostingsOutcome = { status: 'idle' } | { status: 'done'; message: string } | { status: 'failed'; message: string };

/** The Saved page's signals: the saved postings, the saved searches, and the outcome of the last change. */
export interface SavedPostingsModel {
  status: Signal<LoadStatus>;
  error: Signal<string | null>;
  postings: Signal<readonly SavedPosting[]>;
  alerts: Signal<readonly Alert[]>;
  /** Ids of postings being unsaved and searches being deleted: their buttons wait. */
  pending: Signal<ReadonlySet<string>>;
  outcome: Signal<SavedPostingsOutcome>;
}

export function createSavedPostingsModel(): SavedPostingsModel {
  return {
    status: signal<LoadStatus>('loading'),
    error: signal<string | null>(null),
    postings: signal<readonly SavedPosting[]>([]),
    alerts: signal<readonly Alert[]>([]),
    pending: signal<ReadonlySet<string>>(new Set()),
    outcome: signal<SavedPostingsOutcome>({ status: 'idle' }),
  };
}

/** What the Saved page shows: {@link useSavedPostings}'s `state`, and {@link SavedPostingsView}'s. @public */
export interface SavedPostingsState {
  /** Whether the saved postings and searches are loading, shown, or failed to load. */
  readonly status: LoadStatus;
  /** Why they failed to load (with `status` `error`); null otherwise. */
  readonly error: string | null;
  /** The student's saved postings, newest saved first; closed and removed ones stay listed as such. */
  readonly postings: readonly SavedPosting[];
  /** The student's saved searches, oldest first. */
  readonly alerts: readonly Alert[];
  /** Ids of the postings being unsaved and the searches being deleted. */
  readonly pending: ReadonlySet<string>;
  /** What the last Unsave or Delete did, or why it failed. */
  readonly outcome: SavedPostingsOutcome;
}

/** What a student can do on the Saved page: {@link useSavedPostings}'s `actions`. @public */
export interface SavedPostingsActions {
  /** Unsaves a posting: it leaves the list once the server agrees. */
  unsave(posting: SavedPosting): void;
  /** Deletes a saved search: it leaves the list once the server agrees. */
  removeAlert(alert: Alert): void;
  /** Loads both lists again, after they failed. */
  retry(): void;
}
