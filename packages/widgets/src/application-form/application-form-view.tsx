import { useEffect, useId, useRef, type FormEvent } from 'react';
import type { AnswerField, ApplicationAnswers, ApplicationFormField, ApplicationSubmitState } from './application-form-model.ts';

/** Props of {@link ApplicationFormView}. @public */
export interface ApplicationFormViewProps {
  /** The posting applied to, named in the heading. */
  jobTitle: string;
  /** What the three answer fields hold. */
  answers: ApplicationAnswers;
  /** The name of the picked resume, or null. */
  resumeName: string | null;
  /** A message per refused input. */
  errors: Partial<Record<ApplicationFormField, string>>;
  /** Where the submission stands; after `submitted` or `refused` the form is read-only. */
  state: ApplicationSubmitState;
  /** Percent of the resume uploaded while submitting; null until the upload reports. */
  progress: number | null;
  /** The outcome: success, the "already applied" refusal, or the failure. */
  message: string | null;
  /** Bump it when a submission was refused by the form: focus moves to the first mistake. */
  invalidSubmits?: number;
  /** An answer changed. */
  onAnswer: (field: AnswerField, value: string) => void;
  /** A resume was picked, or the picked one cleared (null). */
  onResume: (file: File | null) => void;
  /** The form was submitted. */
  onSubmit: () => void;
}

const QUESTIONS: ReadonlyArray<{ field: AnswerField; label: string }> = [
  { field: 'relevantExperiences', label: 'Relevant experiences' },
  { field: 'interestInRole', label: 'Why are you interested in this role?' },
  { field: 'careerGoals', label: 'What are your career goals?' },
];

/**
 * The application form (spec routes `/job/{id}/application`): three short answers and a PDF resume.
 * Mistakes show beside their input and take the focus; the upload shows its progress; the outcome is
 * announced in a live region. After success (or a refusal such as "already applied") the form stays
 * read-only, so the same application cannot be sent twice.
 * @public
 */
export function ApplicationFormView(props: ApplicationFormViewProps) {
  const { jobTitle, answers, resumeName, errors, state, progress, message, invalidSubmits = 0 } = props;
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const busy = state === 'submitting';
  const closed = state === 'submitted' || state === 'refused';
  const failed = state === 'failed' || state === 'refused';

  useEffect(() => {
    if (invalidSubmits > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidSubmits]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  const described = (field: ApplicationFormField, hint?: string) =>
    [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  // A refused resume is announced: it appears when a file is picked, with no submission to move focus.
  const error = (field: ApplicationFormField) =>
    errors[field] ? (
      <p className="ok-application-form__error ok-field-error" id={`${id}-${field}-error`} role={field === 'resume' ? 'alert' : undefined}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form ref={form} className="ok-application-form" data-state={state} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 className="ok-application-form__title" id={`${id}-title`}>
        Apply to {jobTitle}
      </h2>
      <fieldset className="ok-application-form__fields" disabled={busy || closed}>
        {QUESTIONS.map(({ field, label }) => (
          <div className="ok-application-form__field" key={field}>
            <label className="ok-application-form__label" htmlFor={`${id}-${field}`}>
              {label}
            </label>
            <textarea
              className="ok-application-form__answer ok-text-input"
              id={`${id}-${field}`}
              rows={4}
              value={answers[field]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={described(field)}
              onChange={(event) => props.onAnswer(field, event.target.value)}
            />
            {error(field)}
          </div>
        ))}
        <div className="ok-application-form__field">
          <label className="ok-application-form__label" htmlFor={`${id}-resume`}>
            Resume (PDF)
          </label>
          <div className="ok-application-form__picker ok-file-picker">
            <input
              className="ok-application-form__file ok-file-picker__input"
              id={`${id}-resume`}
              type="file"
              accept="application/pdf,.pdf"
              aria-invalid={errors.resume ? true : undefined}
              aria-describedby={described('resume', `${id}-resume-picked`)}
              onChange={(event) => {
                props.onResume(event.target.files?.[0] ?? null);
                // The form shows the file it kept; emptying the input lets the same file be picked again.
                event.target.value = '';
              }}
            />
            {/* The native control's own text cannot be themed; this label opens it, and stays out of its name. */}
            <label className="ok-application-form__choose ok-file-picker__choose" htmlFor={`${id}-resume`} aria-hidden="true">
              Choose PDF
            </label>
            <span className="ok-application-form__hint" id={`${id}-resume-picked`}>
              {resumeName ?? 'No file selected'}
            </span>
          </div>
          {error('resume')}
        </div>
      </fieldset>
      {busy ? (
        <div className="ok-application-form__progress ok-progress">
          <label htmlFor={`${id}-progress`}>Uploading resume{progress === null ? '' : ` (${progress}%)`}</label>
          {/* Without a value the bar is indeterminate: the upload has not reported yet. */}
          <progress className="ok-application-form__progress-bar ok-progress__bar" id={`${id}-progress`} max={100} value={progress ?? undefined} />
        </div>
      ) : null}
      <p className="ok-application-form__result ok-result" role="status" data-state={state}>
        {failed ? null : message}
      </p>
      {failed && message ? (
        <p className="ok-application-form__result ok-result" role="alert" data-state={state}>
          {message}
        </p>
      ) : null}
      {closed ? null : (
        <button className="ok-application-form__submit" type="submit" disabled={busy}>
          {busy ? 'Submitting…' : 'Submit application'}
        </button>
      )}
    </form>
  );
}
