import type { PostingInput } from '@opportunity-kit/sdk/domain';
import { aPostingInput } from '../../packages/sdk/src/testing/builders.ts';

/** Typed builders for command bodies, with dates relative to the day the test runs. */

/** `YYYY-MM-DD`, `days` from now (negative for the past). */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** What the `jobs.create` command takes: the post-opportunity form's fields and an uploaded image. */
export type PostingBody = PostingInput & { imageFileId?: string | null };

/** A valid public Job posting, dates relative to today, with `overrides` applied. */
export function aPosting(overrides: Partial<PostingBody> = {}): PostingBody {
  return { ...aPostingInput({ startDate: dayFromNow(14), endDate: dayFromNow(120), applicationDeadline: dayFromNow(7) }), ...overrides };
}

export interface ApplicationBody {
  jobId: string;
  relevantExperiences: string;
  interestInRole: string;
  careerGoals: string;
  resumeFileId: string;
}

export function anApplication(jobId: string, resumeFileId: string, overrides: Partial<ApplicationBody> = {}): ApplicationBody {
  return {
    jobId,
    relevantExperiences: 'Two summers at the school cafeteria.',
    interestInRole: 'I enjoy working with people.',
    careerGoals: 'Hospitality management.',
    resumeFileId,
    ...overrides,
  };
}
