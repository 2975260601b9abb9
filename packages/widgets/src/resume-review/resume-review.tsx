import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { createResumeReviewController, type ResumeReviewApi } from './resume-review-controller.ts';
import { createResumeReviewModel } from './resume-review-model.ts';
import { ResumeReviewView } from './resume-review-view.tsx';

/** Props of {@link ResumeReview}. @public */
export interface ResumeReviewProps {
  /** The SDK's `client.ai` (or anything with `reviewResume` and `providers`). */
  ai: ResumeReviewApi;
  /** The posting the resume is reviewed against. */
  jobId: string;
  /** The posting's title, for the heading. */
  jobTitle?: string;
}

/**
 * The connected resume review: checks the file with the spec's rules, uploads it with progress, and
 * shows the `ai` function's review of it against the posting.
 * @public
 */
export function ResumeReview({ ai, jobId, jobTitle }: ResumeReviewProps) {
  useSignals();
  const [model] = useState(createResumeReviewModel);
  const [controller] = useState(() => createResumeReviewController(ai, model, jobId));
  useEffect(() => controller.start(), [controller]);
  return (
    <ResumeReviewView
      jobTitle={jobTitle}
      fileName={model.file.value?.name ?? null}
      fileError={model.fileError.value}
      status={model.status.value}
      progress={model.progress.value}
      review={model.review.value}
      error={model.error.value}
      provider={model.provider.value}
      actions={controller}
    />
  );
}
