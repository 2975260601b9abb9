import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createResumeReviewController, type ResumeReviewApi } from './resume-review-controller.ts';
import { createResumeReviewModel, type ResumeReviewActions, type ResumeReviewState } from './resume-review-model.ts';
import { ResumeReviewView } from './resume-review-view.tsx';

/** Options of {@link useResumeReview}: the SDK, and the posting. @public */
export interface ResumeReviewOptions {
  /** The SDK's `client.ai` (or anything with `reviewResume` and `providers`). */
  ai: ResumeReviewApi;
  /** The posting the resume is reviewed against. */
  jobId: string;
}

/** Props of {@link ResumeReview}. @public */
export interface ResumeReviewProps extends ResumeReviewOptions {
  /** The posting's title, for the heading. */
  jobTitle?: string | undefined;
}

/**
 * The resume review without its markup: the picked file checked with the spec's rules, its upload
 * with progress, and the `ai` function's review of it against the posting, for a view of your own.
 * The options are read once; give the component a new `key` for another posting.
 * @public
 */
export function useResumeReview(options: ResumeReviewOptions): WidgetBinding<ResumeReviewState, ResumeReviewActions> {
  return useWidgetController(() => createResumeReviewController(options.ai, createResumeReviewModel(), options.jobId));
}

/**
 * The connected resume review: checks the file with the spec's rules, uploads it with progress, and
 * shows the `ai` function's review of it against the posting.
 * @public
 */
export function ResumeReview(props: ResumeReviewProps) {
  const { state, actions } = useResumeReview(props);
  return <ResumeReviewView state={state} actions={actions} jobTitle={props.jobTitle} />;
}
