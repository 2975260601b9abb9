import { signal, type Signal } from '@preact/signals-react';
import type { DownloadProgress } from '../shared/save-download.ts';
import type { HoursRuling, HoursSummary, ServiceHoursEntry, ServiceHoursField } from '@opportunity-kit/sdk/domain';
import { NO_ACTIVITY } from './service-hours-activity.ts';
import type { LoadStatus } from '../shared/load-status.ts';

/** The inputs of the "Log hours" form a student fills in. @public */
export type ServiceHoursFormField = Exclude<ServiceHoursField, 'jobId'>;

/** What the form's inputs hold: text as typed (the hours too, so a half-typed number stays as it is). @public */
export type ServiceHoursDraft = Record<ServiceHoursFormField, string> & {
  /** The posting the form was pre-filled from; null when logged from scratch. */
  jobId: string | null;
};

/** What the host may pre-fill the form with, from an accepted application or an assigned posting. @public */
export interface ServiceHoursPrefill {
  /** The posting's company or organisation. */
  organisation?: string | undefined;
  /** What the student did: the posting's title, to start from. */
  activity?: string | undefined;
  /** The posting the hours were given for. */
  jobId?: string | undefined;
}

/**
 * The "Log hours" form: closed, or open to log new hours (`entryId` null) or to correct a pending entry,
 * with what it holds, the refusals per input, and whether it is being saved.
 * @public
 */
export type ServiceHoursFormState =
  | { readonly open: false }
  | {
      readonly open: true;
      /** The pending entry being corrected; null when logging new hours. */
      readonly entryId: string | null;
      readonly draft: ServiceHoursDraft;
      /** A message per refused input, from the form's own check or the server's. */
      readonly errors: Readonly<Partial<Record<ServiceHoursFormField, string>>>;
      /** Why saving failed as a whole (the network, a locked entry); null when it did not. */
      readonly failure: string | null;
      readonly saving: boolean;
      /** Counts refused saves, so the view moves focus to the first refused input each time. */
      readonly refusals: number;
    };

/**
 * Withdrawing one pending entry: asked (the confirm dialog is open), on its way, or refused (shown on
 * that entry); `idle` before and after.
 * @public
 */
export type ServiceHoursWithdrawal =
  | { readonly state: 'idle' }
  | { readonly state: 'confirming'; readonly entry: ServiceHoursEntry }
  | { readonly state: 'withdrawing'; readonly entry: ServiceHoursEntry }
  | { readonly state: 'failed'; readonly entryId: string; readonly message: string };

/**
 * Sending one pending entry's supervisor a new link: on its way, or refused (shown on that entry);
 * `idle` before and after.
 * @public
 */
export type ServiceHoursResend =
  | { readonly state: 'idle' }
  | { readonly state: 'sending'; readonly entryId: string }
  | { readonly state: 'failed'; readonly entryId: string; readonly message: string };

/** The PDF record's download: being prepared, or failed with the reason. @public */
export type ServiceHoursDownload = DownloadProgress;

/** The student's hours page, as signals: the controller writes them, its `state` reads them. */
export interface ServiceHoursModel {
  status: Signal<LoadStatus>;
  error: Signal<string | null>;
  entries: Signal<readonly ServiceHoursEntry[]>;
  summary: Signal<HoursSummary | null>;
  form: Signal<ServiceHoursFormState>;
  withdrawal: Signal<ServiceHoursWithdrawal>;
  resend: Signal<ServiceHoursResend>;
  download: Signal<ServiceHoursDownload>;
  notice: Signal<string | null>;
  /** What the rules say about the activity as filled in (issue 26); null before it is chosen or known. */
  ruling: Signal<HoursRuling | null>;
}

/** An empty draft, or one pre-filled by the host. */
export function draftFrom(prefill: ServiceHoursPrefill | undefined): ServiceHoursDraft {
  return {
    organisation: prefill?.organisation ?? '',
    activity: prefill?.activity ?? '',
    date: '',
    hours: '',
    supervisorName: '',
    supervisorEmail: '',
    reflection: '',
    jobId: prefill?.jobId ?? null,
    ...NO_ACTIVITY,
  };
}

/** A new model; with `prefill` the form starts open, pre-filled. */
export function createServiceHoursModel(prefill?: ServiceHoursPrefill): ServiceHoursModel {
  return {
    status: signal<LoadStatus>('loading'),
    error: signal(null),
    entries: signal([]),
    summary: signal(null),
    form: signal<ServiceHoursFormState>(
      prefill ? { open: true, entryId: null, draft: draftFrom(prefill), errors: {}, failure: null, saving: false, refusals: 0 } : { open: false },
    ),
    withdrawal: signal<ServiceHoursWithdrawal>({ state: 'idle' }),
    resend: signal<ServiceHoursResend>({ state: 'idle' }),
    download: signal<ServiceHoursDownload>({ state: 'idle' }),
    notice: signal(null),
    ruling: signal<HoursRuling | null>(null),
  };
}

/** What the student's hours page shows: {@link useServiceHours}'s `state`, and {@link ServiceHoursView}'s. @public */
export interface ServiceHoursState {
  /** Whether the entries and the progress are loading, shown, or could not load. */
  readonly status: LoadStatus;
  /** Why they could not load; null otherwise. */
  readonly error: string | null;
  /** The student's entries, newest date first. */
  readonly entries: readonly ServiceHoursEntry[];
  /** Approved, pending and required hours; null until loaded. */
  readonly summary: HoursSummary | null;
  /** The "Log hours" form, open or closed. */
  readonly form: ServiceHoursFormState;
  /** A withdrawal asked for, on its way, or refused. */
  readonly withdrawal: ServiceHoursWithdrawal;
  /** A new link for a supervisor, on its way or refused. */
  readonly resend: ServiceHoursResend;
  /** The PDF record's download. */
  readonly download: ServiceHoursDownload;
  /** What just happened (hours logged, corrected, withdrawn, a link sent again), to announce; null before anything. */
  readonly notice: string | null;
  /** What the rules say about the activity as filled in (issue 26): whether the hours count and why not, and whether a parent signs. */
  readonly ruling?: HoursRuling | null;
}

/** What a student can do on their hours page: {@link useServiceHours}'s `actions`. @public */
export interface ServiceHoursActions {
  /** Loads the entries and the progress again, after they failed. */
  retry(): void;
  /** Opens the form to log new hours (pre-filled when the host gave a prefill). */
  openLogForm(): void;
  /** Opens the form on a pending entry, to correct it. */
  editEntry(entryId: string): void;
  /** Records what an input holds, clearing its refusal. */
  setField(field: ServiceHoursFormField, value: string): void;
  /** Closes the form without saving. */
  cancelForm(): void;
  /** Checks the form, then logs the hours or saves the correction. */
  submitForm(): void;
  /** Asks to withdraw a pending entry (opens the confirmation). */
  askToWithdraw(entryId: string): void;
  /** Keeps the entry after all. */
  cancelWithdraw(): void;
  /** Withdraws the entry asked about; it leaves the list once the server confirms. */
  confirmWithdraw(): void;
  /** Mails the supervisor of a pending entry a new link (the old one stops working). */
  resendLink(entryId: string): void;
  /** Downloads the PDF record of approved hours. */
  downloadRecord(): void;
}
