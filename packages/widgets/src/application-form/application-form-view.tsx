import { useId, useRef, type FormEvent } from 'react';
import { FilePicker } from '../shared/file-picker.tsx';
import { FormError, FormField, useFocusFirstInvalid } from '../shared/form-field.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { AnswerField, ApplicationFormActions, ApplicationFormState } from './application-form-model.ts';

/**
 * Props of {@link ApplicationFormView}: the form's `state` and `actions` (from {@link useApplicationForm}),
 * and the posting's title.
 * @public
 */
export interface ApplicationFormViewProps extends WidgetBinding<ApplicationFormState, ApplicationFormActions> {
  /** The posting applied to, named in the heading. */
  jobTitle: string;
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
export function ApplicationFormView({ state, actions, jobTitle }: ApplicationFormViewProps) {
  const { answers, resumeName, errors, status, progress, message } = state;
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const busy = status === 'submitting';
  const closed = status === 'submitted' || status === 'refused';
  const failed = status === 'failed' || status === 'refused';
  useFocusFirstInvalid(form, state.refusals);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submit();
  };

  return (
    <form ref={form} className="ok-application-form" data-state={status} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 className="ok-application-form__title" id={`${id}-title`}>
        Apply to {jobTitle}
      </h2>
      <fieldset className="ok-application-form__fields" disabled={busy || closed}>
        {QUESTIONS.map(({ field, label }) => (
          <FormField key={field} label={label} error={errors[field] ?? null}>
            {(control) => (
              <textarea
                {...control}
                className="ok-application-form__answer ok-text-input"
                rows={4}
                value={answers[field]}
                onChange={(event) => actions.setAnswer(field, event.target.value)}
              />
            )}
          </FormField>
        ))}
        {/* A refused resume is announced: it appears when a file is picked, with no submission to move focus. */}
        <FormField label="Resume (PDF)" error={errors.resume ?? null} announceError>
          {(control) => (
            <FilePicker
              {...control}
              className="ok-application-form__picker"
              buttonLabel="Choose a PDF"
              accept="application/pdf,.pdf"
              fileName={resumeName}
              onPick={(files) => actions.pickResume(files[0] ?? null)}
            />
          )}
        </FormField>
      </fieldset>
      {busy ? (
        <div className="ok-application-form__progress ok-progress">
          <label htmlFor={`${id}-progress`}>Uploading resume{progress === null ? '' : ` (${progress}%)`}</label>
          {/* Without a value the bar is indeterminate: the upload has not reported yet. */}
          <progress className="ok-application-form__progress-bar ok-progress__bar" id={`${id}-progress`} max={100} value={progress ?? undefined} />
        </div>
      ) : null}
      <p className="ok-application-form__result ok-result" role="status" data-state={status}>
        {failed ? null : message}
      </p>
      <FormError message={failed ? message : null} />
      {closed ? null : (
        <button className="ok-application-form__submit" type="submit" disabled={busy}>
          {busy ? 'Submitting…' : 'Submit application'}
        </button>
      )}
    </form>
  );
}
