import { batch } from '@preact/signals-react';
import { resumeFileProblem } from '@opportunity-kit/sdk/domain';
import { PortalError, type AiModule } from '@opportunity-kit/sdk';
import type { ResumeReviewModel } from './resume-review-model.ts';

/** The part of the SDK's `ai` module the resume review uses. @public */
export type ResumeReviewApi = Pick<AiModule, 'reviewResume' | 'providers'>;

/** What the review's view can ask for. @public */
export interface ResumeReviewActions {
  /** A file was picked (checked at once with the spec's rules), or the picked one cleared (null). */
  pick(file: File | null): void;
  /** "Review Resume with AI": uploads the picked PDF and asks for its review. */
  submit(): void;
}

export interface ResumeReviewController extends ResumeReviewActions {
  submit(): Promise<void>;
  /** Learns who will review; returns the function that stops answers from reaching the model. */
  start(): () => void;
}

export function createResumeReviewController(ai: ResumeReviewApi, model: ResumeReviewModel, jobId: string): ResumeReviewController {
  let active = true;
  const busy = () => model.status.value === 'uploading' || model.status.value === 'reviewing';

  return {
    start() {
      active = true;
      ai.providers().then(
        (providers) => {
          if (active) model.provider.value = providers.resumeReview;
        },
        // Who reviews is a courtesy note; the review itself names its provider.
        () => undefined,
      );
      return () => {
        active = false;
      };
    },

    pick(file) {
      if (busy()) return;
      batch(() => {
        model.file.value = file;
        model.fileError.value = file ? (resumeFileProblem(file, 'review') ?? null) : null;
      });
    },

    async submit() {
      if (busy()) return;
      const file = model.file.value;
      const problem = resumeFileProblem(file, 'review');
      if (problem) {
        model.fileError.value = problem;
        return;
      }
      batch(() => {
        model.status.value = 'uploading';
        model.progress.value = 0;
        model.error.value = null;
        model.fileError.value = null;
      });
      try {
        const review = await ai.reviewResume(
          { jobId, resume: file },
          {
            onProgress: ({ percent }) => {
              if (!active) return;
              batch(() => {
                model.progress.value = percent;
                if (percent >= 100) model.status.value = 'reviewing';
              });
            },
          },
        );
        if (!active) return;
        batch(() => {
          model.review.value = review;
          model.status.value = 'done';
        });
      } catch (thrown) {
        if (!active) return;
        const error = PortalError.from(thrown);
        batch(() => {
          // A refusal of the file itself ("Please upload only PDF files") belongs beside the picker.
          const fileProblem = error.fields.resume;
          if (fileProblem) {
            model.fileError.value = fileProblem;
            model.status.value = model.review.value ? 'done' : 'idle';
          } else {
            model.error.value = error.message;
            model.status.value = 'error';
          }
        });
      }
    },
  };
}
