import { signal, type Signal } from '@preact/signals-react';

/** The three short answers of the application form. @public */
export type AnswerField = 'relevantExperiences' | 'interestInRole' | 'careerGoals';

/** Every input of the form that can be refused. @public */
export type ApplicationFormField = AnswerField | 'resume';

/** The answers as the fields hold them, one text per question. @public */
export type ApplicationAnswers = Record<AnswerField, string>;

/**
 * Where the submission stands: `refused` is the server saying no for good (already applied), which
 * trying again cannot change; `failed` can be tried again.
 * @public
 */
export type ApplicationSubmitState = 'idle' | 'submitting' | 'submitted' | 'failed' | 'refused';

/** The application form's state, as signals: the connected form renders it, the controller writes it. */
export interface ApplicationFormModel {
  answers: Signal<ApplicationAnswers>;
  resume: Signal<File | null>;
  errors: Signal<Partial<Record<ApplicationFormField, string>>>;
  state: Signal<ApplicationSubmitState>;
  /** Percent of the resume uploaded, while submitting; null before the upload reports. */
  progress: Signal<number | null>;
  /** The outcome to announce: success, refusal or failure. */
  message: Signal<string | null>;
  /** Counts submissions the form itself refused, so the view moves focus to the first mistake each time. */
  invalidSubmits: Signal<number>;
}

export function createApplicationFormModel(): ApplicationFormModel {
  return {
    answers: signal({ relevantExperiences: '', interestInRole: '', careerGoals: '' }),
    resume: signal(null),
    errors: signal({}),
    state: signal('idle'),
    progress: signal(null),
    message: signal(null),
    invalidSubmits: signal(0),
  };
}
