import type { Job } from '@opportunity-kit/sdk';

/** The detail page of a posting (spec: `/job/{id}`). */
export function jobPath(id: string): string {
  return `/job/${encodeURIComponent(id)}`;
}

/** Router state that hands the posting to the next page, as the spec's application form receives it. */
export interface JobState {
  job?: Job;
}

/** The posting handed over with the navigation, if it is the one the page is about. */
export function jobFromState(state: unknown, id: string): Job | undefined {
  const job = (state as JobState | null)?.job;
  return job && typeof job === 'object' && job.id === id ? job : undefined;
}
