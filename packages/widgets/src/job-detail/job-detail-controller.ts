import { batch, computed } from '@preact/signals-react';
import { PortalError, type ApplicationsModule, type JobsModule, type ModerationModule, type Unsubscribe } from '@opportunity-kit/sdk';
import { assignedMessage, MESSAGES, type Job, type PostingState } from '@opportunity-kit/sdk/domain';
import { createSavedMarks, type SavedApi } from '../saved-postings/saved-marks.ts';
import { createLatestRequest, type RequestToken } from '../shared/latest-request.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import { NO_REPORT, type JobDetailActions, type JobDetailModel, type JobDetailState } from './job-detail-model.ts';

/**
 * The part of the SDK's jobs module the detail page uses (`setState` closes, fills and reopens the
 * posting; `assignableStudents`, when given, lets a teacher pick whom to assign by name; `openToMe` tells
 * a student whose age does not allow the posting yet why, in place of Apply). @public
 */
export type JobDetailApi = Pick<JobsModule, 'get' | 'watch' | 'assign' | 'remove' | 'setState'> & Partial<Pick<JobsModule, 'assignableStudents' | 'openToMe'>>;

/** The part of the SDK's applications module the detail page uses: whether the student applied. @public */
export type JobDetailApplicationsApi = Pick<ApplicationsModule, 'appliedTo'>;

/** The part of the SDK's jobs module that says whether a student's age allows the posting (issue 26). @public */
export type JobDetailEligibilityApi = Pick<JobsModule, 'openToMe'>;

/** The part of the SDK's moderation module the detail page uses: reporting the posting. @public */
export type JobDetailReportsApi = Pick<ModerationModule, 'report'>;

/** The confirmation after an empty e-mail cleared the assignment (the spec names none). */
export const ASSIGNMENT_CLEARED = 'The student assignment was cleared.';
/** The confirmation after a removal. */
export const POSTING_REMOVED = 'The opportunity was removed.';
/** The confirmation after each change of a posting's state. */
export const STATE_CHANGED: Readonly<Record<PostingState, string>> = {
  open: 'The opportunity is open again.',
  closed: 'The opportunity is closed.',
  filled: 'The opportunity is marked as filled.',
};

/**
 * Loads the posting and follows its live changes while started, and asks whether the signed-in
 * student applied to it; assigns a student, closes, fills, reopens and removes the posting on
 * request. A newer load (a retry) wins over an older one still running.
 */
export function createJobDetailController(
  api: JobDetailApi,
  model: JobDetailModel,
  applications?: JobDetailApplicationsApi,
  saved?: SavedApi,
  reports?: JobDetailReportsApi,
  eligibility?: JobDetailEligibilityApi,
): WidgetController<JobDetailState, JobDetailActions> {
  const requests = createLatestRequest();
  const marks = saved ? createSavedMarks(saved) : null;
  let unwatch: Unsubscribe | undefined;
  const shown = () => (model.status.value === 'ready' ? model.job.value : null);
  const show = (job: Job | null) => {
    batch(() => {
      model.job.value = job;
      model.status.value = job ? 'ready' : 'missing';
    });
  };
  const stopWatching = () => {
    void unwatch?.();
    unwatch = undefined;
  };

  async function load(): Promise<void> {
    const mine = requests.begin();
    stopWatching();
    batch(() => {
      model.status.value = 'loading';
      model.job.value = null;
      model.error.value = null;
      model.applied.value = null;
      model.assignment.value = { status: 'idle' };
      model.removal.value = { status: 'idle' };
      model.stateChange.value = { status: 'idle' };
    });
    void loadApplied(mine);
    void loadAgeRuling(mine);
    void marks?.load();
    // The newest live state of the posting while the read runs: undefined until a change arrives.
    let live: Job | null | undefined;
    // Follow before reading: a change landing meanwhile (the view the listing counts as this page
    // opens) is in this read, arrives as a change, or is in the read `watch` delivers once its
    // subscription is open. A change arriving while this read runs wins: the answer may predate it.
    unwatch = api.watch(model.jobId, (job) => {
      if (!mine.isCurrent()) return;
      if (model.status.value === 'loading') {
        live = job;
        return;
      }
      // The member's own removal keeps the posting on screen with its confirmation.
      const removing = model.removal.value.status === 'pending' || model.removal.value.status === 'done';
      if (!(job === null && removing)) show(job);
    });
    try {
      const job = await api.get(model.jobId);
      if (mine.isCurrent()) show(live === undefined ? job : live);
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      if (live !== undefined) return show(live);
      batch(() => {
        model.error.value = PortalError.from(thrown).message;
        model.status.value = 'error';
      });
    }
  }

  /**
   * Whether the member applied, asked beside the posting's read so the page does not wait twice.
   * Not knowing only hides the Applied state (the server still refuses a second application), so a
   * failure here is not the page's error.
   */
  async function loadApplied(mine: RequestToken): Promise<void> {
    if (!applications) return;
    try {
      const applied = await applications.appliedTo([model.jobId]);
      if (mine.isCurrent()) model.applied.value = applied.get(model.jobId) ?? null;
    } catch {
      // Shown as not applied: the application form says "already applied" if so.
    }
  }

  /** Whether the student's age allows the posting; not knowing shows Apply, and the server still refuses with the reason. */
  async function loadAgeRuling(mine: RequestToken): Promise<void> {
    if (!eligibility) return;
    try {
      const ruling = (await eligibility.openToMe([model.jobId]))[model.jobId];
      if (mine.isCurrent()) model.ageRuling.value = ruling && !ruling.mayTake ? { fromAge: ruling.fromAge, message: ruling.message ?? '' } : null;
    } catch {
      // Apply stays offered: submitting tells why not.
    }
  }

  async function setPostingState(next: PostingState): Promise<void> {
    const job = shown();
    if (!job || model.stateChange.value.status === 'pending') return;
    const mine = requests.current();
    model.stateChange.value = { status: 'pending' };
    try {
      const updated = await api.setState(job.id, next);
      if (!mine.isCurrent()) return;
      const current = shown();
      batch(() => {
        if (current) model.job.value = { ...current, state: updated.state };
        model.stateChange.value = { status: 'done', message: STATE_CHANGED[updated.state] };
      });
    } catch (thrown) {
      if (mine.isCurrent()) model.stateChange.value = { status: 'failed', message: PortalError.from(thrown).message, fieldError: null };
    }
  }

  async function assign(studentEmail: string): Promise<void> {
    const job = shown();
    if (!job || model.assignment.value.status === 'pending') return;
    const mine = requests.current();
    const email = studentEmail.trim();
    model.assignment.value = { status: 'pending' };
    try {
      const updated = await api.assign(job.id, email);
      if (!mine.isCurrent()) return;
      const current = shown();
      batch(() => {
        // The answer brings the assignment; a live change that came meanwhile (a view) stays, and
        // a posting removed meanwhile stays removed.
        const { assigned, assignedStudentId, assignedStudentEmail } = updated;
        if (current) model.job.value = { ...current, assigned, assignedStudentId, assignedStudentEmail };
        model.assignment.value = {
          status: 'done',
          message: updated.assignedStudentEmail ? assignedMessage(updated.assignedStudentEmail) : ASSIGNMENT_CLEARED,
        };
      });
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      // The spec's text for every failure; the server's reason for the e-mail goes beside the field.
      model.assignment.value = { status: 'failed', message: MESSAGES.assignFailed, fieldError: PortalError.from(thrown).fields.studentEmail ?? null };
    }
  }

  async function remove(): Promise<void> {
    const job = shown();
    if (!job || model.removal.value.status === 'pending') return;
    const mine = requests.current();
    model.removal.value = { status: 'pending' };
    try {
      await api.remove(job.id);
      if (mine.isCurrent()) model.removal.value = { status: 'done', message: POSTING_REMOVED };
    } catch (thrown) {
      if (mine.isCurrent()) model.removal.value = { status: 'failed', message: PortalError.from(thrown).message, fieldError: null };
    }
  }

  async function submitReport(): Promise<void> {
    const draft = model.report.value;
    if (!reports || !draft.open || draft.sending) return;
    model.report.value = { ...draft, sending: true, error: null };
    try {
      await reports.report('job', model.jobId, draft.reason);
      model.report.value = { ...NO_REPORT, sent: true };
    } catch (thrown) {
      model.report.value = { ...draft, sending: false, error: PortalError.from(thrown).message };
    }
  }

  const actions: JobDetailActions = {
    assign: (studentEmail) => void assign(studentEmail),
    resetAssignment() {
      if (model.assignment.value.status !== 'pending') model.assignment.value = { status: 'idle' };
    },
    remove: () => void remove(),
    setPostingState: (next) => void setPostingState(next),
    retry: () => void load(),
    toggleSave: () => void marks?.toggle(model.jobId),
    openReport() {
      if (reports) model.report.value = { ...NO_REPORT, open: true };
    },
    setReportReason(reason) {
      const draft = model.report.value;
      if (draft.open && !draft.sending) model.report.value = { ...draft, reason, error: null };
    },
    submitReport: () => void submitReport(),
    cancelReport() {
      if (!model.report.value.sending) model.report.value = NO_REPORT;
    },
  };

  return {
    state: computed(() => ({
      status: model.status.value,
      job: model.job.value,
      error: model.error.value,
      applied: model.applied.value,
      assignment: model.assignment.value,
      removal: model.removal.value,
      stateChange: model.stateChange.value,
      saved: marks?.savedJobIds.value?.has(model.jobId) ?? null,
      saveError: marks?.error.value ?? null,
      canReport: reports !== undefined,
      report: model.report.value,
      ageRuling: model.ageRuling.value,
    })),
    actions,
    start() {
      void load();
      return () => {
        requests.invalidate();
        stopWatching();
      };
    },
  };
}
