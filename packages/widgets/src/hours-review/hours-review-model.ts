import { signal, type Signal } from '@preact/signals-react';
import type { DownloadProgress } from '../shared/save-download.ts';
import type { ServiceHoursEntry } from '@opportunity-kit/sdk';
import type { HoursReviewDecision } from '@opportunity-kit/sdk/domain';
import type { LoadStatus } from '../shared/load-status.ts';

/** A field of the review form that a refusal can name. @public */
export type HoursReviewField = 'decision' | 'hours' | 'comment';

/** What a teacher filled in for one entry, as typed: `hours` is the field's text. @public */
export interface HoursReviewDraft {
  /** Approve, partially approve or decline; undefined until one is chosen. */
  decision: HoursReviewDecision | undefined;
  /** For a partial approval: the hours that count, as typed. */
  hours: string;
  /** For the student; required to partially approve or decline. */
  comment: string;
}

/**
 * Where the teacher's last decision stands: being saved, refused (with the refused fields, or a
 * message for the whole form), or saved (the entry left the queue); `idle` before the first.
 * @public
 */
export type HoursReviewProgress =
  | { state: 'idle' }
  | { state: 'saving'; entryId: string }
  | { state: 'refused'; entryId: string; errors: Partial<Record<HoursReviewField, string>>; message: string | null }
  | { state: 'saved'; message: string };

/** The CSV export: on its way, failed (with why), or `idle`. @public */
export type HoursExportProgress = DownloadProgress;

/** The review queue's signals. */
export interface HoursReviewModel {
  status: Signal<LoadStatus>;
  error: Signal<string | null>;
  entries: Signal<readonly ServiceHoursEntry[]>;
  review: Signal<HoursReviewProgress>;
  exportProgress: Signal<HoursExportProgress>;
}

export function createHoursReviewModel(): HoursReviewModel {
  return {
    status: signal<LoadStatus>('loading'),
    error: signal<string | null>(null),
    entries: signal<readonly ServiceHoursEntry[]>([]),
    review: signal<HoursReviewProgress>({ state: 'idle' }),
    exportProgress: signal<HoursExportProgress>({ state: 'idle' }),
  };
}

/** What the hours review shows: {@link useHoursReview}'s `state`, and {@link HoursReviewView}'s. @public */
export interface HoursReviewState {
  /** Whether the queue is loading, shown, or could not load. */
  readonly status: LoadStatus;
  /** Why the queue could not load; null otherwise. */
  readonly error: string | null;
  /** Entries awaiting a decision: confirmed first, then disputed, then those the supervisor has not answered. */
  readonly entries: readonly ServiceHoursEntry[];
  /** The last decision: being saved, refused, or saved. */
  readonly review: HoursReviewProgress;
  /** The CSV export of every student's totals. */
  readonly exportProgress: HoursExportProgress;
}

/** What a teacher can do in the hours review: {@link useHoursReview}'s `actions`. @public */
export interface HoursReviewActions {
  /** Checks the draft as the server will and saves it; a saved entry leaves the queue. */
  review(entryId: string, draft: HoursReviewDraft): void;
  /** Downloads every student's totals as CSV. */
  exportTotals(): void;
  /** Loads the queue again, after it failed. */
  retry(): void;
}
