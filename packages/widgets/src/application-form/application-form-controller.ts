import { batch, computed } from '@preact/signals-react';
import { isPortalError, type ApplicationsModule } from '@opportunity-kit/sdk';
import { MESSAGES, validateApplication } from '@opportunity-kit/sdk/domain';
import { createLatestRequest } from '../shared/latest-request.ts';
import { checkResume } from '../shared/pdf-file.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type { ApplicationFormActions, ApplicationFormField, ApplicationFormModel, ApplicationFormState } from './application-form-model.ts';

/** What the application form needs of the SDK. @public */
export type ApplicationFormApi = Pick<ApplicationsModule, 'submit'>;

/** The posting applied to, and who hears that the application was stored. */
export interface ApplicationFormTarget {
  jobId: string;
  onSubmitted?: (() => void) | undefined;
}

const FIELDS: readonly ApplicationFormField[] = ['relevantExperiences', 'interestInRole', 'careerGoals', 'resume'];

/** The refusals the form can show beside an input; anything else the server names stays in the summary. */
function fieldErrors(fields: Readonly<Partial<Record<string, string>>>): Partial<Record<ApplicationFormField, string>> {
  return Object.fromEntries(FIELDS.flatMap((field) => (fields[field] ? [[field, fields[field]]] : [])));
}

/** Checks the answers and the resume, uploads the resume with progress and submits; nothing to load when it starts. */
export function createApplicationFormController(
  api: ApplicationFormApi,
  model: ApplicationFormModel,
  target: ApplicationFormTarget,
): WidgetController<ApplicationFormState, ApplicationFormActions> {
  const submissions = createLatestRequest();
  const picks = createLatestRequest();
  /** The content check of the resume picked last, while it runs: a submit waits for it. */
  let resumeCheck: Promise<void> | null = null;

  const clearError = (field: ApplicationFormField) => {
    if (!model.errors.value[field]) return;
    const { [field]: _cleared, ...rest } = model.errors.value;
    model.errors.value = rest;
  };

  const takeResume = (file: File | null, problem: string | undefined) => {
    batch(() => {
      model.resume.value = problem ? null : file;
      if (problem) model.errors.value = { ...model.errors.value, resume: problem };
      else clearError('resume');
    });
  };

  async function submit(): Promise<void> {
    // A pick just before the submit is judged first, so the submit shows its one refusal, not another.
    while (resumeCheck) await resumeCheck;
    const status = model.status.value;
    if (status === 'submitting' || status === 'submitted' || status === 'refused') return;
    const answers = model.answers.value;
    const resume = model.resume.value;
    const checked = validateApplication({ ...answers, resume });
    if (!checked.ok) {
      // A refused pick keeps its reason: "Please upload your resume" would hide why the file was not taken.
      const pickRefusal = resume ? undefined : model.errors.value.resume;
      batch(() => {
        model.errors.value = { ...fieldErrors(checked.errors), ...(pickRefusal ? { resume: pickRefusal } : {}) };
        model.message.value = null;
        model.status.value = 'idle';
        model.refusals.value += 1;
      });
      return;
    }
    batch(() => {
      model.errors.value = {};
      model.message.value = null;
      model.progress.value = null;
      model.status.value = 'submitting';
    });
    const mine = submissions.current();
    try {
      await api.submit(
        { jobId: target.jobId, ...answers, resume },
        {
          onProgress: ({ percent }) => {
            if (mine.isCurrent()) model.progress.value = percent;
          },
        },
      );
      if (!mine.isCurrent()) return;
      batch(() => {
        model.status.value = 'submitted';
        model.message.value = MESSAGES.applicationSubmitted;
      });
      target.onSubmitted?.();
    } catch (error) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.progress.value = null;
        if (isPortalError(error, 'already-applied')) {
          model.status.value = 'refused';
          model.message.value = error.message;
          return;
        }
        const invalid = isPortalError(error, 'invalid-input') ? error : null;
        const refused = invalid ? fieldErrors(invalid.fields) : {};
        model.errors.value = refused;
        model.status.value = 'failed';
        if (!invalid || Object.keys(refused).length === 0) {
          // A refusal says why beside the form (issue 25); the answers stay as typed for another try.
          model.message.value = refusalReason(error) ?? MESSAGES.applicationFailed;
          return;
        }
        // The server's reason shows beside the input to fix, which takes the focus; the same words above
        // the button would read as a second error. A reason of the form as a whole still shows there.
        model.message.value = Object.values(refused).includes(invalid.message) ? null : invalid.message;
        model.refusals.value += 1;
      });
    }
  }

  const actions: ApplicationFormActions = {
    setAnswer(field, value) {
      batch(() => {
        model.answers.value = { ...model.answers.value, [field]: value };
        clearError(field);
      });
    },

    pickResume(file) {
      const mine = picks.begin();
      const check = file ? checkResume(file, 'application') : null;
      if (!file || !check || check.immediate) {
        resumeCheck = null;
        takeResume(null, check?.immediate);
        return;
      }
      // The name passed; the content needs its first bytes read, and the last pick's answer wins.
      const checking: Promise<void> = check.complete.then((problem) => {
        if (resumeCheck === checking) resumeCheck = null;
        if (mine.isCurrent()) takeResume(file, problem);
      });
      resumeCheck = checking;
    },

    submit: () => void submit(),
  };

  return {
    state: computed(() => ({
      answers: model.answers.value,
      resumeName: model.resume.value?.name ?? null,
      errors: model.errors.value,
      status: model.status.value,
      progress: model.progress.value,
      message: model.message.value,
      refusals: model.refusals.value,
    })),
    actions,
    start() {
      // Nothing loads; stopping drops a submission's answer, so a form that is gone neither updates nor reports.
      return () => {
        submissions.invalidate();
        picks.invalidate();
      };
    },
  };
}

/** The server's own reason for a refusal (a 4xx answer with words of its own), with the spec's words first. */
function refusalReason(error: unknown): string | null {
  if (!isPortalError(error) || error.status === undefined || error.status < 400 || error.status >= 500) return null;
  if (!error.message || error.message === MESSAGES.genericError || error.message === MESSAGES.applicationFailed) return null;
  return `${MESSAGES.applicationFailed}: ${error.message}`;
}
