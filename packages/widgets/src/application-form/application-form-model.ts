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
export type ApplicationSubmitStatus = 'idle' | 'submitting' | 'submitted' | 'failed' | 'refused';

/** The application form's state, as signals: the controller writes it, its `state` reads it. */
export interface ApplicationFormModel {
  answers: Signal<ApplicationAnswers>;
  resume: Signal<File | null>;
  errors: Signal<Partial<Record<ApplicationFormField, string>>>;
  status: Signal<ApplicationSubmitStatus>;
  /** Percent of the resume uploaded, while submitting; null before the upload reports. */
  progress: Signal<number | null>;
  /** The outcome to announce: success, refusal or failure. */
  message: Signal<string | null>;
  /** Counts submissions the form itself refused, so the view moves focus to the first mistake each time. */
  refusals: Signal<number>;
}

export function createApplicationFormModel(): ApplicationFormModel {
  return {
    answers: signal({ relevantExperiences: '', interestInRole: '', careerGoals: '' }),
    resume: signal(null),
    errors: signal({}),
    status: signal('idle'),
    progress: signal(null),
    message: signal(null),
    refusals: signal(0),
  };
}

/** What the application form shows: {@link useApplicationForm}'s `state`, and {@link ApplicationFormView}'s. @public */
export interface ApplicationFormState {
  /** What the three answer fields hold. */
  readonly answers: ApplicationAnswers;
  /** The name of the picked resume, or null. */
  readonly resumeName: string | null;
  /** A message per refused input; an input without one is fine. */
  readonly errors: Readonly<Partial<Record<ApplicationFormField, string>>>;
  /** Where the submission stands; after `submitted` or `refused` the form is read-only. */
  readonly status: ApplicationSubmitStatus;
  /** Percent of the resume uploaded while submitting; null until the upload reports. */
  readonly progress: number | null;
  /** The outcome: success, the "already applied" refusal, or the failure; null before any. */
  readonly message: string | null;
  /** How many submissions the form refused for their inputs; each new one moves focus to the first mistake. */
  readonly refusals: number;
}

/** What a student can do with the application form: {@link useApplicationForm}'s `actions`. @public */
export interface ApplicationFormActions {
  /** Records an answer, clearing its error. */
  setAnswer(field: AnswerField, value: string): void;
  /** Takes the picked resume (null clears it), or refuses it when it is not a PDF: by its name at once, by its content once its first bytes are read. */
  pickResume(file: File | null): void;
  /** Checks the form, then uploads the resume and submits the application. */
  submit(): void;
}
