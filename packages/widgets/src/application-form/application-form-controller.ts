import { batch } from '@preact/signals-react';
import { isPortalError, type ApplicationsModule } from '@opportunity-kit/sdk';
import { MESSAGES, resumeFileProblem, validateApplication } from '@opportunity-kit/sdk/domain';
import type { AnswerField, ApplicationFormField, ApplicationFormModel } from './application-form-model.ts';

/** What the application form needs of the SDK. @public */
export type ApplicationFormApi = Pick<ApplicationsModule, 'submit'>;

export interface ApplicationFormController {
  setAnswer(field: AnswerField, value: string): void;
  /** Takes the picked file, or refuses it at once when it is not a PDF. */
  pickResume(file: File | null): void;
  /** Checks the form, then uploads the resume and submits; true when the application was submitted. */
  submit(jobId: string): Promise<boolean>;
}

const FIELDS: readonly ApplicationFormField[] = ['relevantExperiences', 'interestInRole', 'careerGoals', 'resume'];

/** The refusals the form can show beside an input; anything else the server names stays in the summary. */
function fieldErrors(fields: Readonly<Partial<Record<string, string>>>): Partial<Record<ApplicationFormField, string>> {
  return Object.fromEntries(FIELDS.flatMap((field) => (fields[field] ? [[field, fields[field]]] : [])));
}

export function createApplicationFormController(api: ApplicationFormApi, model: ApplicationFormModel): ApplicationFormController {
  const clearError = (field: ApplicationFormField) => {
    if (!model.errors.value[field]) return;
    const { [field]: _cleared, ...rest } = model.errors.value;
    model.errors.value = rest;
  };

  return {
    setAnswer(field, value) {
      batch(() => {
        model.answers.value = { ...model.answers.value, [field]: value };
        clearError(field);
      });
    },

    pickResume(file) {
      const problem = file ? resumeFileProblem(file, 'application') : undefined;
      batch(() => {
        model.resume.value = problem ? null : file;
        if (problem) model.errors.value = { ...model.errors.value, resume: problem };
        else clearError('resume');
      });
    },

    async submit(jobId) {
      const state = model.state.value;
      if (state === 'submitting' || state === 'submitted' || state === 'refused') return false;
      const answers = model.answers.value;
      const resume = model.resume.value;
      const checked = validateApplication({ ...answers, resume });
      if (!checked.ok) {
        batch(() => {
          model.errors.value = fieldErrors(checked.errors);
          model.message.value = null;
          model.state.value = 'idle';
          model.invalidSubmits.value += 1;
        });
        return false;
      }
      batch(() => {
        model.errors.value = {};
        model.message.value = null;
        model.progress.value = null;
        model.state.value = 'submitting';
      });
      try {
        await api.submit({ jobId, ...answers, resume }, { onProgress: ({ percent }) => (model.progress.value = percent) });
        batch(() => {
          model.state.value = 'submitted';
          model.message.value = MESSAGES.applicationSubmitted;
        });
        return true;
      } catch (error) {
        batch(() => {
          model.progress.value = null;
          if (isPortalError(error, 'already-applied')) {
            model.state.value = 'refused';
            model.message.value = error.message;
            return;
          }
          const refused = isPortalError(error, 'invalid-input') ? fieldErrors(error.fields) : {};
          model.errors.value = refused;
          model.state.value = 'failed';
          // The server's reason when it names an input the applicant can fix; the spec's text otherwise.
          model.message.value = Object.keys(refused).length && isPortalError(error) ? error.message : MESSAGES.applicationFailed;
        });
        return false;
      }
    },
  };
}
