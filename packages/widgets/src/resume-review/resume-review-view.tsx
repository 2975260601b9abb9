import { useEffect, useId, useRef, type FormEvent, type RefObject } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { AiText, ProviderNote, providerName } from '../ai-text/ai-text.tsx';
import { FilePicker } from '../shared/file-picker.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { ResumeReviewActions, ResumeReviewState } from './resume-review-model.ts';

/** Props of {@link ResumeReviewView}: the review's `state` and `actions` (from {@link useResumeReview}), and the posting's title. @public */
export interface ResumeReviewViewProps extends WidgetBinding<ResumeReviewState, ResumeReviewActions> {
  /** The posting's title, for the heading. */
  jobTitle?: string | undefined;
}

/**
 * The resume review page's body (spec route `/resume/{id}`): the resumes the member already sent with
 * applications to choose from (the newest chosen), else a PDF picker; "Review Resume with AI", the
 * upload's progress, and the Results panel with the review rendered as text (bold and bullets) and
 * the provider that wrote it. Focus moves to the results when a review arrives. Where the widget is at
 * least 52rem wide, the results sit beside the form.
 * @public
 */
export function ResumeReviewView({ state, actions, jobTitle }: ResumeReviewViewProps) {
  const { fileName, fileError, status, provider } = state;
  const onFile = state.resumesOnFile ?? [];
  const chosen = state.chosenResume ?? null;
  const uploading = onFile.length === 0 || chosen === null;
  const id = useId();
  const results = useRef<HTMLHeadingElement>(null);
  const busy = status === 'uploading' || status === 'reviewing';
  const previous = useRef(status);
  useEffect(() => {
    if (status === 'done' && previous.current !== 'done') results.current?.focus();
    previous.current = status;
  }, [status]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submit();
  };
  return (
    <section className="ok-resume-review" aria-labelledby={`${id}-title`} data-state={status}>
      <div className="ok-resume-review__columns">
        <h2 className="ok-resume-review__title" id={`${id}-title`}>
          {jobTitle ? `Review your resume for ${jobTitle}` : 'Review your resume'}
        </h2>
        <div className="ok-resume-review__start">
          {provider ? <p className="ok-resume-review__provider">Your resume will be reviewed by {providerName(provider)}.</p> : null}
          <form className="ok-resume-review__form" onSubmit={submit} noValidate>
            {onFile.length > 0 ? (
              <fieldset className="ok-resume-review__choices" disabled={busy}>
                <legend className="ok-resume-review__label">Which resume?</legend>
                {onFile.map((resume) => (
                  <label className="ok-resume-review__choice" key={resume.fileId}>
                    <input type="radio" name={`${id}-resume`} checked={chosen === resume.fileId} onChange={() => actions.chooseResume?.(resume.fileId)} />
                    <span>
                      {resume.fileName}
                      <span className="ok-resume-review__sent"> (sent with {resume.sentWith.join(', ')})</span>
                    </span>
                  </label>
                ))}
                <label className="ok-resume-review__choice">
                  <input type="radio" name={`${id}-resume`} checked={chosen === null} onChange={() => actions.chooseResume?.(null)} />
                  <span>Upload another PDF</span>
                </label>
              </fieldset>
            ) : null}
            {uploading ? (
              <>
                <label className="ok-resume-review__label" htmlFor={`${id}-file`}>
                  Resume (PDF)
                </label>
                <FilePicker
                  className="ok-resume-review__file"
                  id={`${id}-file`}
                  buttonLabel="Choose a PDF"
                  accept="application/pdf,.pdf"
                  fileName={fileError ? null : fileName}
                  onPick={(files) => actions.pick(files[0] ?? null)}
                  disabled={busy}
                  aria-invalid={fileError ? true : undefined}
                  aria-describedby={`${id}-file-error`}
                />
              </>
            ) : null}
            <p className="ok-resume-review__file-error" id={`${id}-file-error`} role="alert">
              {fileError}
            </p>
            <button className="ok-resume-review__submit" type="submit" disabled={busy}>
              Review Resume with AI
            </button>
          </form>
        </div>
        <Results state={state} busy={busy} resultsId={`${id}-results`} heading={results} />
      </div>
    </section>
  );
}

interface ResultsProps {
  state: ResumeReviewState;
  busy: boolean;
  resultsId: string;
  heading: RefObject<HTMLHeadingElement | null>;
}

/** The Results panel: the upload's progress, the review, or why it failed. */
function Results({ state, busy, resultsId, heading }: ResultsProps) {
  const { status, progress, review, error } = state;
  return (
    <section className="ok-resume-review__results" aria-labelledby={resultsId} aria-busy={busy}>
      <h3 className="ok-resume-review__results-title ok-focus-target" id={resultsId} ref={heading} tabIndex={-1}>
        Results
      </h3>
      <div className="ok-resume-review__status" role="status">
        {status === 'uploading' ? (
          <>
            <progress className="ok-resume-review__progress" max={100} value={progress} aria-label="Uploading your resume" />
            {` Uploading your resume: ${progress}%`}
          </>
        ) : status === 'reviewing' ? (
          MESSAGES.generatingResults
        ) : null}
      </div>
      {status === 'error' ? (
        <p className="ok-resume-review__error" role="alert">
          {error ?? MESSAGES.genericError}
        </p>
      ) : null}
      {status === 'idle' && !review ? (
        <p className="ok-resume-review__hint">
          {(state.chosenResume ?? null) !== null
            ? 'Press Review Resume with AI to review the resume you chose.'
            : 'Choose your resume as a PDF, then press Review Resume with AI.'}
        </p>
      ) : null}
      {review && status !== 'uploading' && status !== 'reviewing' ? (
        <div className="ok-resume-review__review">
          {/* The review's text already names the sections and keywords that `details` measures: listed once. */}
          <AiText text={review.review} />
          <ProviderNote provider={review.provider} verb="Reviewed by" />
        </div>
      ) : null}
    </section>
  );
}
