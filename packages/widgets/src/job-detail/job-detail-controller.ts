import { batch } from '@preact/signals-react';
import { PortalError, type JobsModule, type Unsubscribe } from '@opportunity-kit/sdk';
import { assignedMessage, MESSAGES, type Job } from '@opportunity-kit/sdk/domain';
import type { JobDetailModel } from './job-detail-model.ts';
import { createLatestRequest } from '../shared/latest-request.ts';

/** The part of the SDK's jobs module the detail page uses. @public */
export type JobDetailApi = Pick<JobsModule, 'get' | 'watch' | 'assign' | 'remove'>;

/** The confirmation after an empty e-mail cleared the assignment (the spec names none). */
export const ASSIGNMENT_CLEARED = 'The student assignment was cleared.';
/** The confirmation after a removal. */
export const POSTING_REMOVED = 'The opportunity was removed.';

export interface JobDetailController {
  /**
   * Loads the posting and follows its live changes until `dispose()` or the next load; a newer load
   * wins over an older one still running.
   */
  load(id: string): Promise<void>;
  /** Assigns the student with this e-mail (teachers); an empty e-mail clears the assignment. */
  assign(studentEmail: string): Promise<void>;
  /** Removes the posting; answers whether it was removed. */
  remove(): Promise<boolean>;
  /** Forgets an action's result (the assignment editor was closed or opened again). */
  resetAssignment(): void;
  /** Stops following the posting and drops the answers still on their way. */
  dispose(): void;
}

export function createJobDetailController(api: JobDetailApi, model: JobDetailModel): JobDetailController {
  const requests = createLatestRequest();
  let unwatch: Unsubscribe | undefined;
  const shown = () => (model.detail.value.status === 'ready' ? model.detail.value.job : null);
  const show = (job: Job | null) => {
    model.detail.value = job ? { status: 'ready', job } : { status: 'missing' };
  };
  const stopWatching = () => {
    void unwatch?.();
    unwatch = undefined;
  };

  return {
    async load(id) {
      const mine = requests.begin();
      stopWatching();
      batch(() => {
        model.detail.value = { status: 'loading' };
        model.assignment.value = { status: 'idle' };
        model.removal.value = { status: 'idle' };
      });
      // The newest live state of the posting while the read runs: undefined until a change arrives.
      let live: Job | null | undefined;
      // Follow before reading: a change landing meanwhile (the view the listing counts as this page
      // opens) is in this read, arrives as a change, or is in the read `watch` delivers once its
      // subscription is open. A change arriving while this read runs wins: the answer may predate it.
      unwatch = api.watch(id, (job) => {
        if (!mine.isCurrent()) return;
        if (model.detail.value.status === 'loading') {
          live = job;
          return;
        }
        // The member's own removal keeps the posting on screen with its confirmation.
        const removing = model.removal.value.status === 'pending' || model.removal.value.status === 'done';
        if (!(job === null && removing)) show(job);
      });
      try {
        const job = await api.get(id);
        if (mine.isCurrent()) show(live === undefined ? job : live);
      } catch (thrown) {
        if (!mine.isCurrent()) return;
        if (live === undefined) model.detail.value = { status: 'error', message: PortalError.from(thrown).message };
        else show(live);
      }
    },

    async assign(studentEmail) {
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
          const { assignedStudentId, assignedStudentEmail } = updated;
          if (current) model.detail.value = { status: 'ready', job: { ...current, assignedStudentId, assignedStudentEmail } };
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
    },

    async remove() {
      const job = shown();
      if (!job || model.removal.value.status === 'pending') return false;
      const mine = requests.current();
      model.removal.value = { status: 'pending' };
      try {
        await api.remove(job.id);
        if (mine.isCurrent()) model.removal.value = { status: 'done', message: POSTING_REMOVED };
        return mine.isCurrent();
      } catch (thrown) {
        if (mine.isCurrent()) model.removal.value = { status: 'failed', message: PortalError.from(thrown).message, fieldError: null };
        return false;
      }
    },

    resetAssignment() {
      if (model.assignment.value.status !== 'pending') model.assignment.value = { status: 'idle' };
    },

    dispose() {
      requests.invalidate();
      stopWatching();
    },
  };
}
