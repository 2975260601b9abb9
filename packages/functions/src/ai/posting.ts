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
 * is told (in each prompt) that the block is data.
 */
export function postingBlock(posting: Posting): string {
  const { id: _id, createdAt: _createdAt, ...fields } = posting;
  return dataBlock('posting', fields);
}

/**
 * A block of data for a prompt: `value` as JSON between `<tag>` and `</tag>`. Angle brackets and
 * ampersands inside are written as JSON's `\u003c`, `\u003e` and `\u0026` (the same text to a model
 * that reads the JSON), so nothing a poster or student typed, such as `</posting>`, can end the block
 * early and speak outside it.
 */
export function dataBlock(tag: 'posting' | 'context', value: unknown): string {
  const json = JSON.stringify(value, null, 2).replace(/[<>&]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<${tag}>\n${json}\n</${tag}>`;
}
