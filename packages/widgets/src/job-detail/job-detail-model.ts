import { signal, type Signal } from '@preact/signals-react';
import type { AppliedState } from '@opportunity-kit/sdk';
import type { Job, PostingState } from '@opportunity-kit/sdk/domain';
import type { LoadStatus } from '../shared/load-status.ts';

/**
 * Where the posting stands: `loading` it, `ready` to show it, `missing` (not there, or not readable
 * by the member), or `error` when it could not load.
 * @public
 */
export type JobDetailStatus = LoadStatus | 'missing';

/**
 * An action on the posting (assigning, removing): idle, pending, done with its confirmation, or
 * failed with the message to show and, for a refused input, the field's own message (null otherwise).
 * @public
 */
export type JobActionState =
  { status: 'idle' } | { status: 'pending' } | { status: 'done'; message: string } | { status: 'failed'; message: string; fieldError: string | null };

/** A report of the posting for the teachers' moderation queue: the dialog while `open`, and `sent` once it went. @public */
export interface JobReportState {
  /** Whether the report dialog is open. */
  open: boolean;
  /** Why, as typed. */
  reason: string;
  /** The report is on its way. */
  sending: boolean;
  /** Why the report was refused or failed. */
  error: string | null;
  /** The report reached the queue. */
  sent: boolean;
}

export const NO_REPORT: JobReportState = { open: false, reason: '', sending: false, error: null, sent: false };

/** The detail page's signals: the posting, the student's application to it, and the results of the commands on it. */
export interface JobDetailModel {
  readonly jobId: string;
  status: Signal<JobDetailStatus>;
  job: Signal<Job | null>;
  error: Signal<string | null>;
  applied: Signal<AppliedState | null>;
  assignment: Signal<JobActionState>;
  removal: Signal<JobActionState>;
  stateChange: Signal<JobActionState>;
  report: Signal<JobReportState>;
  ageRuling: Signal<AgeRuling | null>;
}

/** Why the signed-in student's age does not allow the posting yet (issue 26): from which age, and the sentence that says why. @public */
export interface AgeRuling {
  /** The youngest age the posting is open to. */
  fromAge: number;
  /** The sentence the student reads: from which age, why, and the rule's source. */
  message: string;
}

export function createJobDetailModel(jobId: string): JobDetailModel {
  return {
    jobId,
    status: signal<JobDetailStatus>('loading'),
    job: signal<Job | null>(null),
    error: signal<string | null>(null),
    applied: signal<AppliedState | null>(null),
    assignment: signal<JobActionState>({ status: 'idle' }),
    removal: signal<JobActionState>({ status: 'idle' }),
    stateChange: signal<JobActionState>({ status: 'idle' }),
    report: signal<JobReportState>(NO_REPORT),
    ageRuling: signal<AgeRuling | null>(null),
  };
}

/** What a posting's detail page shows: {@link useJobDetail}'s `state`, and {@link JobDetailView}'s. @public */
export interface JobDetailState {
  /** Whether the posting is loading, shown, missing or failed to load. */
  readonly status: JobDetailStatus;
  /** The posting, while `status` is `ready`; null otherwise. */
  readonly job: Job | null;
  /** Why the posting failed to load (with `status` `error`); null otherwise. */
  readonly error: string | null;
  /** The signed-in student's application to the posting (its status in words on the page), or null when they have not applied. */
  readonly applied: AppliedState | null;
  /** The teacher's student assignment: pending, its confirmation, or why it failed. */
  readonly assignment: JobActionState;
  /** The removal of the posting: pending, done, or why it failed. A removed posting stays on screen with the confirmation. */
  readonly removal: JobActionState;
  /** Closing, filling or reopening the posting: pending, done, or why it failed. */
  readonly stateChange: JobActionState;
  /** Whether the signed-in student saved the posting; null when the page offers no saving (not a student, or not known yet). */
  readonly saved: boolean | null;
  /** Why the last save or unsave failed (the toggle went back as it was); null otherwise. */
  readonly saveError: string | null;
  /** Whether the page offers "Report" (it was given the SDK's moderation module). */
  readonly canReport?: boolean;
  /** The member's report of the posting. */
  readonly report?: JobReportState;
  /** Set for a student whose age does not allow the posting yet: shown in place of Apply. */
  readonly ageRuling?: AgeRuling | null;
}

/** What a person can do on a posting's detail page: {@link useJobDetail}'s `actions`. @public */
export interface JobDetailActions {
  /** Assigns the student with this e-mail (teachers); an empty e-mail clears the assignment. */
  assign(studentEmail: string): void;
  /** Forgets the last assignment's result (the assignment editor opened or closed). */
  resetAssignment(): void;
  /** Removes the posting (its removal was confirmed). */
  remove(): void;
  /** Closes the posting, marks it filled, or reopens it (`open`): its creator and teachers. */
  setPostingState(state: PostingState): void;
  /** Loads the posting again, after it failed. */
  retry(): void;
  /** Saves the posting, or unsaves it when saved; shown at once, undone with the reason if refused. */
  toggleSave(): void;
  /** Opens the report dialog. */
  openReport?(): void;
  /** The report's reason changed. */
  setReportReason?(reason: string): void;
  /** Sends the report to the teachers' moderation queue. */
  submitReport?(): void;
  /** Closes the report dialog without reporting. */
  cancelReport?(): void;
}
