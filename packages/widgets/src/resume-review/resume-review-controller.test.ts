import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { ResumeReview } from '@opportunity-kit/sdk';
import { createResumeReviewController, type ResumeReviewApi } from './resume-review-controller.ts';
import { createResumeReviewModel } from './resume-review-model.ts';

const pdf = new File(['%PDF-1.7'], 'resume.pdf', { type: 'application/pdf' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('resume review controller', () => {
  it('moves from uploading (with its percent) to reviewing to done', async () => {
    const seen: string[] = [];
    let finish: (review: ResumeReview) => void = () => {};
    const ai: ResumeReviewApi = {
      providers: async () => ({ resumeReview: 'gemini', interview: 'local', interviewAnalysis: 'gemini', coach: 'gemini' }),
      reviewResume: (_input, options) =>
        new Promise((resolve) => {
          options?.onProgress?.({ percent: 40, uploadedBytes: 4, totalBytes: 10 });
          seen.push(`${controller.state.value.status} ${controller.state.value.progress}`);
          options?.onProgress?.({ percent: 100, uploadedBytes: 10, totalBytes: 10 });
          seen.push(`${controller.state.value.status} ${controller.state.value.progress}`);
          finish = resolve;
        }),
    };
    const controller = createResumeReviewController(ai, createResumeReviewModel(), 'job1');
    controller.start();
    controller.actions.pick(pdf);
    // The pick is judged by its content first, which takes a read.
    await settle();
    controller.actions.submit();
    finish({ provider: 'gemini', jobId: 'job1', fileId: 'f', review: 'Good.' });
    await settle();
    expect(seen).toEqual(['uploading 40', 'reviewing 100']);
    expect(controller.state.value.status).toBe('done');
    expect(controller.state.value.provider).toBe('gemini');
  });

  it('refuses another type when it is picked, before anything is sent', () => {
    const controller = createResumeReviewController(
      {
        providers: async () => {
          throw new Error('offline');
        },
        reviewResume: async () => {
          throw new Error('not called');
        },
      },
      createResumeReviewModel(),
      'job1',
    );
    controller.actions.pick(new File(['x'], 'resume.png', { type: 'image/png' }));
    expect(controller.state.value.fileError).toBe(MESSAGES.onlyPdf);
    controller.actions.pick(pdf);
    expect(controller.state.value).toMatchObject({ fileError: null, fileName: 'resume.pdf' });
  });

  it('refuses a text file renamed .pdf by its content when it is picked, and sends nothing on submit', async () => {
    let reviews = 0;
    const ai: ResumeReviewApi = {
      providers: async () => ({ resumeReview: 'local', interview: 'local', interviewAnalysis: 'local', coach: 'local' }),
      reviewResume: async () => {
        reviews += 1;
        return { provider: 'local', jobId: 'job1', fileId: 'f', review: 'Good.' };
      },
    };
    const controller = createResumeReviewController(ai, createResumeReviewModel(), 'job1');
    controller.start();
    controller.actions.pick(new File(['Not a PDF, just text.'], 'resume.pdf', { type: 'application/pdf' }));
    controller.actions.submit();
    await settle();
    expect(controller.state.value).toMatchObject({ fileError: MESSAGES.onlyPdf, status: 'idle', error: null });
    expect(reviews).toBe(0);
  });

  it('drops the review and the provider when they arrive after the widget stopped', async () => {
    let finish: (review: ResumeReview) => void = () => {};
    const ai: ResumeReviewApi = {
      providers: async () => ({ resumeReview: 'gemini', interview: 'local', interviewAnalysis: 'gemini', coach: 'gemini' }),
      reviewResume: () => new Promise((resolve) => (finish = resolve)),
    };
    const controller = createResumeReviewController(ai, createResumeReviewModel(), 'job1');
    controller.actions.pick(pdf);
    // The pick is judged by its content first, which takes a read.
    await settle();
    const stop = controller.start();
    controller.actions.submit();
    stop();
    finish({ provider: 'gemini', jobId: 'job1', fileId: 'f', review: 'Good.' });
    await settle();
    expect(controller.state.value).toMatchObject({ status: 'uploading', review: null, provider: null });
  });

  it('asks for the provider again when a busy server refused the first read, and stops asking once stopped', async () => {
    vi.useFakeTimers();
    try {
      let asked = 0;
      const ai: ResumeReviewApi = {
        providers: async () => {
          asked += 1;
          if (asked === 1) throw new Error('execution timed out');
          return { resumeReview: 'local', interview: 'local', interviewAnalysis: 'local', coach: 'local' };
        },
        reviewResume: async () => {
          throw new Error('not called');
        },
      };
      const controller = createResumeReviewController(ai, createResumeReviewModel(), 'job1');
      const stop = controller.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(controller.state.value.provider).toBeNull();
      await vi.advanceTimersByTimeAsync(1000);
      expect(asked).toBe(2);
      expect(controller.state.value.provider).toBe('local');
      stop();

      let refused = 0;
      const offline = createResumeReviewController(
        {
          providers: async () => {
            refused += 1;
            throw new Error('offline');
          },
          reviewResume: ai.reviewResume,
        },
        createResumeReviewModel(),
        'job1',
      );
      const stopOffline = offline.start();
      await vi.advanceTimersByTimeAsync(0);
      stopOffline();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(refused).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
