import { batch, computed } from '@preact/signals-react';
import { PortalError, type AiModule } from '@opportunity-kit/sdk';
import { createLatestRequest } from '../shared/latest-request.ts';
import { checkResume } from '../shared/pdf-file.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type { ResumeReviewActions, ResumeReviewModel, ResumeReviewState } from './resume-review-model.ts';

/**
 * The part of the SDK's `ai` module the resume review uses; with `resumesOnFile` (the SDK has it) the
 * member may pick a resume they already sent instead of uploading it again.
 * @public
 */
export type ResumeReviewApi = Pick<AiModule, 'reviewResume' | 'providers'> & { resumesOnFile?: AiModule['resumesOnFile'] };

/** How often the providers are asked for before the note is left out, and the wait before the second ask (longer each time). */
const PROVIDER_ATTEMPTS = 4;
const PROVIDER_RETRY_MS = 1000;

/** Learns who will review when started; reviews the picked PDF against the posting `jobId` on submit. */
export function createResumeReviewController(
  ai: ResumeReviewApi,
  model: ResumeReviewModel,
  jobId: string,
): WidgetController<ResumeReviewState, ResumeReviewActions> {
  const requests = createLatestRequest();
  const picks = createLatestRequest();
  /** The content check of the file picked last, while it runs: a submit waits for it. */
  let fileCheck: Promise<void> | null = null;
  /** Why the check of the picked file refused it; a refusal by the SDK after a submit does not stop a retry. */
  let pickProblem: string | null = null;
  const busy = () => model.status.value === 'uploading' || model.status.value === 'reviewing';

  async function reviewOnFile(resumeFileId: string): Promise<void> {
    const mine = requests.current();
    batch(() => {
      model.status.value = 'reviewing';
      model.error.value = null;
      model.fileError.value = null;
    });
    try {
      const review = await ai.reviewResume({ jobId, resumeFileId });
      if (!mine.isCurrent()) return;
      batch(() => {
        model.review.value = review;
        model.status.value = 'done';
      });
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.error.value = PortalError.from(thrown).message;
        model.status.value = 'error';
      });
    }
  }

  async function submit(): Promise<void> {
    // A pick just before the submit is judged first: a file its content refuses is never sent.
    while (fileCheck) await fileCheck;
    if (busy()) return;
    const chosen = model.chosen.value;
    if (chosen !== null) {
      await reviewOnFile(chosen);
      return;
    }
    const file = model.file.value;
    const problem = pickProblem ?? checkResume(file, 'review').immediate;
    if (problem) {
      model.fileError.value = problem;
      return;
    }
    const mine = requests.current();
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
            if (!mine.isCurrent()) return;
            batch(() => {
              model.progress.value = percent;
              if (percent >= 100) model.status.value = 'reviewing';
            });
          },
        },
      );
      if (!mine.isCurrent()) return;
      batch(() => {
        model.review.value = review;
        model.status.value = 'done';
      });
    } catch (thrown) {
      if (!mine.isCurrent()) return;
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
  }

  const actions: ResumeReviewActions = {
    pick(file) {
      if (busy()) return;
      const mine = picks.begin();
      const check = file ? checkResume(file, 'review') : null;
      pickProblem = check?.immediate ?? null;
      batch(() => {
        model.file.value = file;
        model.fileError.value = pickProblem;
        // A picked PDF is the one to review, not a resume on file.
        if (file) model.chosen.value = null;
      });
      if (!check || check.immediate) {
        fileCheck = null;
        return;
      }
      // The name passed; the content needs its first bytes read, and the last pick's answer wins.
      const checking: Promise<void> = check.complete.then((problem) => {
        if (fileCheck === checking) fileCheck = null;
        if (!mine.isCurrent()) return;
        pickProblem = problem ?? null;
        model.fileError.value = pickProblem;
      });
      fileCheck = checking;
    },
    submit: () => void submit(),
    chooseResume(fileId) {
      if (busy()) return;
      batch(() => {
        model.chosen.value = fileId !== null && model.onFile.value.some((resume) => resume.fileId === fileId) ? fileId : null;
        model.fileError.value = null;
      });
    },
  };

  return {
    state: computed(() => ({
      fileName: model.file.value?.name ?? null,
      fileError: model.fileError.value,
      status: model.status.value,
      progress: model.progress.value,
      review: model.review.value,
      error: model.error.value,
      provider: model.provider.value,
      resumesOnFile: model.onFile.value,
      chosenResume: model.chosen.value,
    })),
    actions,
    start() {
      const mine = requests.current();
      // Who reviews is a courtesy note (the review itself names its provider): a refused or timed-out
      // read, as a busy server may answer, is asked again a moment later, a few times at most.
      const ask = (attempt: number): void => {
        if (!mine.isCurrent()) return;
        ai.providers().then(
          (providers) => {
            if (mine.isCurrent()) model.provider.value = providers.resumeReview;
          },
          () => {
            if (mine.isCurrent() && attempt < PROVIDER_ATTEMPTS) setTimeout(() => ask(attempt + 1), attempt * PROVIDER_RETRY_MS);
          },
        );
      };
      ask(1);
      // The newest resume already sent is chosen, so a student who applied reviews it in one press.
      ai.resumesOnFile?.().then(
        (resumes) => {
          if (!mine.isCurrent() || resumes.length === 0) return;
          batch(() => {
            model.onFile.value = resumes;
            if (model.file.value === null && model.status.value === 'idle') model.chosen.value = resumes[0]?.fileId ?? null;
          });
        },
        // Without the list, uploading a PDF works as before.
        () => undefined,
      );
      return () => {
        requests.invalidate();
        picks.invalidate();
      };
    },
  };
}
