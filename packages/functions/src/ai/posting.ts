import { toJob, type Job } from '@opportunity-kit/sdk/domain';
import type { JobRow } from '../portal/rows.ts';

/** What the AI features read of a posting: the fields a student sees on its detail page. */
export type Posting = Pick<
  Job,
  | 'id'
  | 'title'
  | 'company'
  | 'description'
  | 'postingType'
  | 'cluster'
  | 'location'
  | 'hourlyRate'
  | 'startDate'
  | 'endDate'
  | 'applicationDeadline'
  | 'createdAt'
>;

export function toPosting(row: JobRow): Posting {
  const { id, title, company, description, postingType, cluster, location, hourlyRate, startDate, endDate, applicationDeadline, createdAt } = toJob(row);
  return { id, title, company, description, postingType, cluster, location, hourlyRate, startDate, endDate, applicationDeadline, createdAt };
}

/**
 * The posting as a delimited JSON block for a prompt. Its fields are written by posters, so the model
 * is told (in each prompt) that the block is data; JSON keeps a field from closing the block early.
 */
export function postingBlock(posting: Posting): string {
  const { id: _id, createdAt: _createdAt, ...fields } = posting;
  return `<posting>\n${JSON.stringify(fields, null, 2)}\n</posting>`;
}
