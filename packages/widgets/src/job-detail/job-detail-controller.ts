import { batch } from '@preact/signals-react';
import { PortalError, type JobsModule } from '@opportunity-kit/sdk';
import { assignedMessage, MESSAGES } from '@opportunity-kit/sdk/domain';
import type { JobDetailModel } from './job-detail-model.ts';

/** The part of the SDK's jobs module the detail page uses. @public */
export type JobDetailApi = Pick<JobsModule, 'get' | 'assign' | 'remove'>;

/** The confirmation after an empty e-mail cleared the assignment (the spec names none). */
export const ASSIGNMENT_CLEARED = 'The student assignment was cleared.';
/** The confirmation after a removal. */
export const POSTING_REMOVED = 'The opportunity was removed.';

export interface JobDetailController {
  /** Loads the posting; a newer load wins over an older one still running. */
  load(id: string): Promise<void>;
  /** Assigns the student with this e-mail (teachers); an empty e-mail clears the assignment. */
  assign(studentEmail: string): Promise<void>;
  /** Removes the posting; answers whether it was removed. */
  remove(): Promise<boolean>;
  /** Forgets an action's result (the assignment editor was closed or opened again). */
  resetAssignment(): void;
  dispose(): void;
}

export function createJobDetailController(api: JobDetailApi, model: JobDetailModel): JobDetailController {
  let generation = 0;
  const shown = () => (model.detail.value.status === 'ready' ? model.detail.value.job : null);

  return {
    async load(id) {
      const mine = ++generation;
      batch(() => {
        model.detail.value = { status: 'loading' };
        model.assignment.value = { status: 'idle' };
        model.removal.value = { status: 'idle' };
      });
      try {
        const job = await api.get(id);
        if (mine === generation) model.detail.value = job ? { status: 'ready', job } : { status: 'missing' };
      } catch (thrown) {
        if (mine === generation) model.detail.value = { status: 'error', message: PortalError.from(thrown).message };
      }
    },

    async assign(studentEmail) {
      const job = shown();
      if (!job || model.assignment.value.status === 'pending') return;
      const mine = generation;
      const email = studentEmail.trim();
      model.assignment.value = { status: 'pending' };
      try {
        const updated = await api.assign(job.id, email);
        if (mine !== generation) return;
        batch(() => {
          model.detail.value = { status: 'ready', job: updated };
          model.assignment.value = { status: 'done', message: updated.assignedStudentEmail ? assignedMessage(updated.assignedStudentEmail) : ASSIGNMENT_CLEARED };
        });
      } catch (thrown) {
        if (mine !== generation) return;
        // The spec's text for every failure; the server's reason for the e-mail goes beside the field.
        model.assignment.value = { status: 'failed', message: MESSAGES.assignFailed, fieldError: PortalError.from(thrown).fields.studentEmail };
      }
    },

    async remove() {
      const job = shown();
      if (!job || model.removal.value.status === 'pending') return false;
      const mine = generation;
      model.removal.value = { status: 'pending' };
      try {
        await api.remove(job.id);
        if (mine === generation) model.removal.value = { status: 'done', message: POSTING_REMOVED };
        return mine === generation;
      } catch (thrown) {
        if (mine === generation) model.removal.value = { status: 'failed', message: PortalError.from(thrown).message };
        return false;
      }
    },

    resetAssignment() {
      if (model.assignment.value.status !== 'pending') model.assignment.value = { status: 'idle' };
    },

    dispose() {
      generation++;
    },
  };
}
