import { batch, computed } from '@preact/signals-react';
import { isPortalError, type HoursDownload, type HoursModule } from '@opportunity-kit/sdk';
import { HOURS_MESSAGES, latestTodayAnywhere, validateServiceHours, type ServiceHoursEntry, type ServiceHoursInput } from '@opportunity-kit/sdk/domain';
import { createLatestRequest } from '../shared/latest-request.ts';
import { ACTIVITY_FIELDS, activityDraftOf, activityInputOf } from './service-hours-activity.ts';
import { portalErrorMessage } from '../shared/portal-error-message.ts';
import { runDownload } from '../shared/save-download.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import {
  draftFrom,
  type ServiceHoursActions,
  type ServiceHoursDraft,
  type ServiceHoursFormField,
  type ServiceHoursFormState,
  type ServiceHoursModel,
  type ServiceHoursPrefill,
  type ServiceHoursState,
} from './service-hours-model.ts';

/** What the student's hours page needs of the SDK's `hours` module. @public */
export type ServiceHoursApi = Pick<HoursModule, 'listMine' | 'summary' | 'log' | 'edit' | 'withdraw' | 'resend' | 'recordPdf'> &
  Partial<Pick<HoursModule, 'check'>>;

export interface ServiceHoursControllerOptions {
  /** The student's own address: the form refuses it as the supervisor's before sending. */
  studentEmail?: string | undefined;
  /** What "Log hours" starts from. */
  prefill?: ServiceHoursPrefill | undefined;
  /** Hands the PDF to the person; a download link by default. */
  saveFile: (file: HoursDownload) => void;
}

const FORM_FIELDS: readonly ServiceHoursFormField[] = [
  'organisation',
  'activity',
  'date',
  'hours',
  'supervisorName',
  'supervisorEmail',
  'reflection',
  ...ACTIVITY_FIELDS,
];

/** How long the activity's fields rest before the rules are asked again. */
const CHECK_DELAY_MS = 300;

/** The notices after a change, in the student's words. */
export const SERVICE_HOURS_NOTICES = {
  logged: (supervisorName: string) => `Your hours are logged. We e-mailed ${supervisorName} to confirm them.`,
  edited: 'Your changes are saved.',
  editedAndMailed: (supervisorName: string) =>
    `Your changes are saved. We e-mailed ${supervisorName} the changed hours to confirm; the earlier link no longer works.`,
  withdrawn: 'The entry was withdrawn.',
  resent: (supervisorName: string) => `We e-mailed ${supervisorName} a new link. The earlier link no longer works.`,
} as const;

/** True when a correction changed what the supervisor confirms (the server then mails a new link). */
const changesWhatIsConfirmed = (before: ServiceHoursEntry | undefined, after: ServiceHoursEntry): boolean =>
  !before || before.organisation !== after.organisation || before.activity !== after.activity || before.date !== after.date || before.hours !== after.hours;

/** What to announce after a save: the mail that could not go out comes first, since the student must act on it. */
function noticeAfterSave(saved: ServiceHoursEntry, before: ServiceHoursEntry | undefined, logged: boolean): string {
  if (saved.supervisorMailOwed) return HOURS_MESSAGES.mailNotSent;
  if (logged) return SERVICE_HOURS_NOTICES.logged(saved.supervisorName);
  return changesWhatIsConfirmed(before, saved) ? SERVICE_HOURS_NOTICES.editedAndMailed(saved.supervisorName) : SERVICE_HOURS_NOTICES.edited;
}

/** Newest date first, and the newest logged first within a day, as the server lists them. */
const newestFirst = (a: ServiceHoursEntry, b: ServiceHoursEntry) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt);

/** The refusals the form can show beside an input; the rest (a `jobId` gone stale) stay in the form's failure. */
function fieldErrors(fields: Readonly<Partial<Record<string, string>>>): Partial<Record<ServiceHoursFormField, string>> {
  return Object.fromEntries(FORM_FIELDS.flatMap((field) => (fields[field] ? [[field, fields[field]]] : [])));
}

function inputOf(draft: ServiceHoursDraft): ServiceHoursInput {
  const hours = draft.hours.trim();
  return {
    organisation: draft.organisation,
    activity: draft.activity,
    date: draft.date,
    // An empty or half-typed number is refused by the domain's check, with its message.
    hours: hours === '' ? Number.NaN : Number(hours),
    supervisorName: draft.supervisorName,
    supervisorEmail: draft.supervisorEmail,
    reflection: draft.reflection,
    jobId: draft.jobId,
    ...activityInputOf(draft),
  };
}

function draftOf(entry: ServiceHoursEntry): ServiceHoursDraft {
  return {
    organisation: entry.organisation,
    activity: entry.activity,
    date: entry.date,
    hours: String(entry.hours),
    supervisorName: entry.supervisorName,
    supervisorEmail: entry.supervisorEmail,
    reflection: entry.reflection ?? '',
    jobId: entry.jobId,
    ...activityDraftOf(entry),
  };
}

/**
 * Loads the student's entries and progress; logs, corrects and withdraws pending entries; downloads the
 * PDF record. After each change the progress is asked again, since pending hours moved.
 */
export function createServiceHoursController(
  api: ServiceHoursApi,
  model: ServiceHoursModel,
  options: ServiceHoursControllerOptions,
): WidgetController<ServiceHoursState, ServiceHoursActions> {
  const loads = createLatestRequest();
  const saves = createLatestRequest();
  const withdrawals = createLatestRequest();
  const resends = createLatestRequest();
  const downloads = createLatestRequest();
  const rulings = createLatestRequest();
  let checkTimer: ReturnType<typeof setTimeout> | undefined;

  /** Asks the server what the rules say about the activity once typing rests; only the newest answer shows. */
  function askTheRules(): void {
    clearTimeout(checkTimer);
    const form = model.form.value;
    if (!api.check || !form.open || !form.draft.activityKind) {
      model.ruling.value = null;
      return;
    }
    const check = api.check;
    const mine = rulings.begin();
    const draft = form.draft;
    checkTimer = setTimeout(() => {
      check({ ...activityInputOf(draft), ...(draft.date ? { date: draft.date } : {}) }).then(
        (ruling) => mine.isCurrent() && (model.ruling.value = ruling),
        // No ruling then: the entry is still weighed when it is logged.
        () => mine.isCurrent() && (model.ruling.value = null),
      );
    }, CHECK_DELAY_MS);
  }

  const openForm = (entryId: string | null, draft: ServiceHoursDraft) => {
    model.form.value = { open: true, entryId, draft, errors: {}, failure: null, saving: false, refusals: 0 };
  };
  const updateForm = (change: (form: Extract<ServiceHoursFormState, { open: true }>) => ServiceHoursFormState) => {
    const form = model.form.value;
    if (form.open) model.form.value = change(form);
  };

  async function load(): Promise<void> {
    const mine = loads.begin();
    batch(() => {
      model.status.value = 'loading';
      model.error.value = null;
    });
    try {
      const [entries, summary] = await Promise.all([api.listMine(), api.summary()]);
      if (!mine.isCurrent()) return;
      batch(() => {
        model.entries.value = [...entries].sort(newestFirst);
        model.summary.value = summary;
        model.status.value = 'ready';
      });
    } catch (error) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.error.value = portalErrorMessage(error);
        model.status.value = 'error';
      });
    }
  }

  /** Asks the progress again after a change; a failure keeps the one shown, as the list is right anyway. */
  async function refreshSummary(): Promise<void> {
    const mine = loads.current();
    try {
      const summary = await api.summary();
      if (mine.isCurrent()) model.summary.value = summary;
    } catch {
      // The next visit shows the new progress.
    }
  }

  async function submitForm(): Promise<void> {
    const form = model.form.value;
    if (!form.open || form.saving) return;
    const input = inputOf(form.draft);
    const checked = validateServiceHours(input, { today: latestTodayAnywhere(), studentEmail: options.studentEmail ?? '' });
    if (!checked.ok) {
      model.form.value = { ...form, errors: fieldErrors(checked.errors), failure: checked.errors.jobId ?? null, refusals: form.refusals + 1 };
      return;
    }
    model.form.value = { ...form, errors: {}, failure: null, saving: true };
    const mine = saves.begin();
    try {
      const sent = { ...input, ...checked.value };
      const saved = form.entryId === null ? await api.log(sent) : await api.edit(form.entryId, sent);
      if (!mine.isCurrent()) return;
      const before = model.entries.value.find((entry) => entry.id === saved.id);
      batch(() => {
        model.entries.value = [...model.entries.value.filter((entry) => entry.id !== saved.id), saved].sort(newestFirst);
        model.form.value = { open: false };
        model.notice.value = noticeAfterSave(saved, before, form.entryId === null);
      });
      void refreshSummary();
    } catch (error) {
      if (!mine.isCurrent()) return;
      const refused = isPortalError(error, 'invalid-input') ? fieldErrors(error.fields) : {};
      const byField = Object.keys(refused).length > 0;
      updateForm((current) => ({
        ...current,
        saving: false,
        errors: refused,
        // The reason beside its input takes the focus; the same words again above the button would read as a second error.
        failure: byField && Object.values(refused).includes(portalErrorMessage(error)) ? null : portalErrorMessage(error),
        refusals: byField ? current.refusals + 1 : current.refusals,
      }));
    }
  }

  async function confirmWithdraw(): Promise<void> {
    const asked = model.withdrawal.value;
    if (asked.state !== 'confirming') return;
    const { entry } = asked;
    const mine = withdrawals.begin();
    model.withdrawal.value = { state: 'withdrawing', entry };
    try {
      await api.withdraw(entry.id);
      if (!mine.isCurrent()) return;
      batch(() => {
        model.entries.value = model.entries.value.filter((item) => item.id !== entry.id);
        model.withdrawal.value = { state: 'idle' };
        model.notice.value = SERVICE_HOURS_NOTICES.withdrawn;
        // A form still open on the withdrawn entry would save nothing.
        if (model.form.value.open && model.form.value.entryId === entry.id) model.form.value = { open: false };
      });
      void refreshSummary();
    } catch (error) {
      if (mine.isCurrent()) model.withdrawal.value = { state: 'failed', entryId: entry.id, message: portalErrorMessage(error) };
    }
  }

  async function resendLink(entryId: string): Promise<void> {
    const entry = model.entries.value.find((item) => item.id === entryId);
    if (!entry || entry.status !== 'pending' || model.resend.value.state === 'sending') return;
    const mine = resends.begin();
    batch(() => {
      model.notice.value = null;
      model.resend.value = { state: 'sending', entryId };
    });
    try {
      const saved = await api.resend(entryId);
      if (!mine.isCurrent()) return;
      batch(() => {
        model.entries.value = model.entries.value.map((item) => (item.id === saved.id ? saved : item));
        model.resend.value = { state: 'idle' };
        model.notice.value = saved.supervisorMailOwed ? HOURS_MESSAGES.mailNotSent : SERVICE_HOURS_NOTICES.resent(saved.supervisorName);
      });
    } catch (error) {
      if (mine.isCurrent()) model.resend.value = { state: 'failed', entryId, message: portalErrorMessage(error) };
    }
  }

  // The token is the current one, not a new one: a second press while the record is on its way does nothing.
  const downloadRecord = () => runDownload(model.download, downloads.current(), () => api.recordPdf(), options.saveFile);

  const withdrawing = () => model.withdrawal.value.state === 'withdrawing';

  const actions: ServiceHoursActions = {
    retry: () => void load(),
    openLogForm() {
      if (model.form.value.open && model.form.value.saving) return;
      model.notice.value = null;
      openForm(null, draftFrom(options.prefill));
    },
    editEntry(entryId) {
      const entry = model.entries.value.find((item) => item.id === entryId);
      if (!entry || entry.status !== 'pending' || (model.form.value.open && model.form.value.saving)) return;
      model.notice.value = null;
      openForm(entry.id, draftOf(entry));
    },
    setField(field, value) {
      updateForm((form) => {
        const { [field]: _cleared, ...errors } = form.errors;
        return { ...form, draft: { ...form.draft, [field]: value }, errors };
      });
      if ((ACTIVITY_FIELDS as readonly string[]).includes(field) || field === 'date') askTheRules();
    },
    cancelForm() {
      if (model.form.value.open && !model.form.value.saving) model.form.value = { open: false };
    },
    submitForm: () => void submitForm(),
    askToWithdraw(entryId) {
      const entry = model.entries.value.find((item) => item.id === entryId);
      if (!entry || withdrawing()) return;
      model.notice.value = null;
      model.withdrawal.value = { state: 'confirming', entry };
    },
    cancelWithdraw() {
      if (!withdrawing()) model.withdrawal.value = { state: 'idle' };
    },
    confirmWithdraw: () => void confirmWithdraw(),
    resendLink: (entryId) => void resendLink(entryId),
    downloadRecord: () => void downloadRecord(),
  };

  return {
    state: computed(() => ({
      status: model.status.value,
      error: model.error.value,
      entries: model.entries.value,
      summary: model.summary.value,
      form: model.form.value,
      withdrawal: model.withdrawal.value,
      resend: model.resend.value,
      download: model.download.value,
      notice: model.notice.value,
      ruling: model.ruling.value,
    })),
    actions,
    start() {
      void load();
      return () => {
        loads.invalidate();
        saves.invalidate();
        withdrawals.invalidate();
        resends.invalidate();
        downloads.invalidate();
        // An answer dropped on the way must not leave a button disabled when the widget mounts again.
        batch(() => {
          if (model.form.value.open && model.form.value.saving) model.form.value = { ...model.form.value, saving: false };
          if (model.withdrawal.value.state === 'withdrawing') model.withdrawal.value = { state: 'idle' };
          if (model.resend.value.state === 'sending') model.resend.value = { state: 'idle' };
          if (model.download.value.state === 'working') model.download.value = { state: 'idle' };
        });
      };
    },
  };
}
