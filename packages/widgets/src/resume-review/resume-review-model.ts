import { signal, type Signal } from '@preact/signals-react';
import type { ResumeReview } from '@opportunity-kit/sdk';

/** Where a review stands: nothing asked yet, the PDF uploading, the AI reviewing, done, or failed. @public */
export type ResumeReviewStatus = 'idle' | 'uploading' | 'reviewing' | 'done' | 'error';

/** The resume review's state, as signals. */
export interface ResumeReviewModel {
  file: Signal<File | null>;
  /** What is wrong with the picked file, in the spec's words. */
  fileError: Signal<string | null>;
  status: Signal<ResumeReviewStatus>;
  /** The upload's percent while uploading. */
  progress: Signal<number>;
  review: Signal<ResumeReview | null>;
  error: Signal<string | null>;
  /** Who will review, as the deployment is configured (null until known). */
  provider: Signal<'gemini' | 'local' | null>;
}

export function createResumeReviewModel(): ResumeReviewModel {
  return {
    file: signal<File | null>(null),
    fileError: signal<string | null>(null),
    status: signal<ResumeReviewStatus>('idle'),
    progress: signal(0),
    review: signal<ResumeReview | null>(null),
    error: signal<string | null>(null),
    provider: signal<'gemini' | 'local' | null>(null),
  };
}
