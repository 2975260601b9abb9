import { signal, type Signal } from '@preact/signals-react';
import type { ResumeOnFile, ResumeReview } from '@opportunity-kit/sdk';

/** Where a review stands: nothing asked yet, the PDF uploading, the AI reviewing, done, or failed. @public */
export type ResumeReviewStatus = 'idle' | 'uploading' | 'reviewing' | 'done' | 'error';

/** The resume review's signals: the controller writes them, and its `state` reads them. */
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
  /** The resumes the member already sent with applications. */
  onFile: Signal<readonly ResumeOnFile[]>;
  /** The resume on file to review; null to upload a new PDF. */
  chosen: Signal<string | null>;
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
    onFile: signal<readonly ResumeOnFile[]>([]),
    chosen: signal<string | null>(null),
  };
}

/** What the resume review shows: {@link useResumeReview}'s `state`, and {@link ResumeReviewView}'s. @public */
export interface ResumeReviewState {
  /** The picked file's name; null when none is picked. */
  readonly fileName: string | null;
  /** What is wrong with the picked file, in the spec's words, shown beside the picker; null when nothing is. */
  readonly fileError: string | null;
  /** Where the review stands. */
  readonly status: ResumeReviewStatus;
  /** The upload's percent while uploading. */
  readonly progress: number;
  /** The latest review, shown in the Results panel; null before the first. */
  readonly review: ResumeReview | null;
  /** Why the review failed (with status `error`); null when it did not. */
  readonly error: string | null;
  /** Who will review, as the deployment is configured; null until known. */
  readonly provider: 'gemini' | 'local' | null;
  /** The resumes the member already sent with applications, newest first (empty until known, or when there are none). */
  readonly resumesOnFile?: readonly ResumeOnFile[];
  /** The resume on file chosen for review; null when a new PDF is to be uploaded. */
  readonly chosenResume?: string | null;
}

/** What a person can do on the resume review: {@link useResumeReview}'s `actions`. @public */
export interface ResumeReviewActions {
  /** A file was picked (checked at once with the spec's rules), or the picked one cleared (null). */
  pick(file: File | null): void;
  /** "Review Resume with AI": uploads the picked PDF (or reviews the chosen resume on file) and asks for its review. */
  submit(): void;
  /** Chooses a resume on file to review (its file id), or null to upload a new PDF. */
  chooseResume?(fileId: string | null): void;
}
