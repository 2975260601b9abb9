import { useEffect, useId, useRef, type FormEvent } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { ResumeReview, ResumeReviewDetails } from '@opportunity-kit/sdk';
import { AiText, ProviderNote, providerName } from '../ai-text/ai-text.tsx';
import type { ResumeReviewActions } from './resume-review-controller.ts';
import type { ResumeReviewStatus } from './resume-review-model.ts';

/** Props of {@link ResumeReviewView}. @public */
export interface ResumeReviewViewProps {
  /** The posting's title, for the heading. */
  jobTitle?: string | undefined;
  /** The picked file's name, or null. */
  fileName: string | null;
  /** What is wrong with the picked file, in the spec's words, shown beside the picker. */
  fileError: string | null;
  /** Where the review stands. */
  status: ResumeReviewStatus;
  /** The upload's percent while uploading. */
  progress: number;
  /** The latest review, shown in the Results panel. */
  review: ResumeReview | null;
  /** Why the review failed (with status `error`). */
  error: string | null;
  /** Who will review, when known before the first review. */
  provider: 'gemini' | 'local' | null;
  /** What the page's controls ask for. */
  actions: ResumeReviewActions;
}

/**
 * The resume review page's body (spec route `/resume/{id}`): a PDF picker, "Review Resume with AI", the
 * upload's progress, and the Results panel with the review rendered as text (bold and bullets) and
 * the provider that wrote it. Focus moves to the results when a review arrives.
 * @public
 */
export function ResumeReviewView({ jobTitle, fileName, fileError, status, progress, review, error, provider, actions }: ResumeReviewViewProps) {
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
      <h2 className="ok-resume-review__title" id={`${id}-title`}>
        {jobTitle ? `Review your resume for ${jobTitle}` : 'Review your resume'}
      </h2>
      {provider ? <p className="ok-resume-review__provider">Your resume will be reviewed by {providerName(provider)}.</p> : null}
      <form className="ok-resume-review__form" onSubmit={submit} noValidate>
        <label className="ok-resume-review__label" htmlFor={`${id}-file`}>
          Resume (PDF)
        </label>
        <input
          className="ok-resume-review__file"
          id={`${id}-file`}
          type="file"
          accept="application/pdf,.pdf"
          onChange={(event) => actions.pick(event.currentTarget.files?.[0] ?? null)}
          disabled={busy}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={`${id}-file-error`}
        />
        {fileName && !fileError ? <p className="ok-resume-review__chosen">Selected: {fileName}</p> : null}
        <p className="ok-resume-review__file-error" id={`${id}-file-error`} role="alert">
          {fileError}
        </p>
        <button className="ok-resume-review__submit" type="submit" disabled={busy}>
          Review Resume with AI
        </button>
      </form>
      <section className="ok-resume-review__results" aria-labelledby={`${id}-results`} aria-busy={busy}>
        <h3 className="ok-resume-review__results-title" id={`${id}-results`} ref={results} tabIndex={-1}>
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
        {status === 'idle' && !review ? <p className="ok-resume-review__hint">Choose your resume as a PDF, then press Review Resume with AI.</p> : null}
        {review && status !== 'uploading' && status !== 'reviewing' ? (
          <div className="ok-resume-review__review">
            <AiText text={review.review} />
            {review.details ? <Details details={review.details} /> : null}
            <ProviderNote provider={review.provider} verb="Reviewed by" />
          </div>
        ) : null}
      </section>
    </section>
  );
}

function Details({ details }: { details: ResumeReviewDetails }) {
  const list = (items: readonly string[]) => (items.length ? items.join(', ') : 'none');
  return (
    <dl className="ok-resume-review__details">
      <div>
        <dt>Keyword coverage</dt>
        <dd>{Math.round(details.keywordCoverage * 100)}%</dd>
      </div>
      <div>
        <dt>Sections found</dt>
        <dd>{list(details.sectionsFound)}</dd>
      </div>
      <div>
        <dt>Sections missing</dt>
        <dd>{list(details.sectionsMissing)}</dd>
      </div>
      <div>
        <dt>Keywords to add</dt>
        <dd>{list(details.missingKeywords)}</dd>
      </div>
    </dl>
  );
}
