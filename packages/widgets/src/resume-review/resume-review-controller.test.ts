import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { ResumeReview } from '@opportunity-kit/sdk';
import { createResumeReviewController, type ResumeReviewApi } from './resume-review-controller.ts';
import { createResumeReviewModel } from './resume-review-model.ts';

const pdf = new File(['%PDF-1.7'], 'resume.pdf', { type: 'application/pdf' });

describe('resume review controller', () => {
  it('moves from uploading (with its percent) to reviewing to done', async () => {
    const seen: string[] = [];
    const model = createResumeReviewModel();
    let finish: (review: ResumeReview) => void = () => {};
    const ai: ResumeReviewApi = {
      providers: async () => ({ resumeReview: 'gemini', interview: 'local', interviewAnalysis: 'gemini', coach: 'gemini' }),
      reviewResume: (_input, options) =>
        new Promise((resolve) => {
          options?.onProgress?.({ percent: 40, uploadedBytes: 4, totalBytes: 10 });
          seen.push(`${model.status.value} ${model.progress.value}`);
          options?.onProgress?.({ percent: 100, uploadedBytes: 10, totalBytes: 10 });
          seen.push(`${model.status.value} ${model.progress.value}`);
          finish = resolve;
        }),
    };
    const controller = createResumeReviewController(ai, model, 'job1');
    controller.start();
    controller.pick(pdf);
    const reviewing = controller.submit();
    finish({ provider: 'gemini', jobId: 'job1', fileId: 'f', review: 'Good.' });
    await reviewing;
    expect(seen).toEqual(['uploading 40', 'reviewing 100']);
    expect(model.status.value).toBe('done');
    expect(model.provider.value).toBe('gemini');
  });

  it('refuses another type when it is picked, before anything is sent', () => {
    const model = createResumeReviewModel();
    const controller = createResumeReviewController(
      {
        providers: async () => {
          throw new Error('offline');
        },
        reviewResume: async () => {
          throw new Error('not called');
        },
      },
      model,
      'job1',
    );
    controller.pick(new File(['x'], 'resume.png', { type: 'image/png' }));
    expect(model.fileError.value).toBe(MESSAGES.onlyPdf);
    controller.pick(pdf);
    expect(model.fileError.value).toBeNull();
  });
});
