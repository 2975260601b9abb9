import type { JobRow } from '../portal/rows.ts';

/** What the AI features read of a posting: the fields a student sees on its detail page. */
export interface Posting {
  id: string;
  title: string;
  company: string;
  description: string;
  postingType: string;
  cluster: string | null;
  location: string;
  hourlyRate: string | null;
  startDate: string | null;
  endDate: string | null;
  applicationDeadline: string | null;
  createdAt: string;
}

export function toPosting(row: JobRow): Posting {
  return {
    id: row.$id,
    title: row.title,
    company: row.company,
    description: row.description,
    postingType: row.postingType,
    cluster: row.cluster,
    location: row.location,
    hourlyRate: row.hourlyRate,
    startDate: row.startDate,
    endDate: row.endDate,
    applicationDeadline: row.applicationDeadline,
    createdAt: row.$createdAt,
  };
}

/**
 * The posting as a delimited JSON block for a prompt. Its fields are written by posters, so the model
 * is told (in each prompt) that the block is data; JSON keeps a field from closing the block early.
 */
export function postingBlock(posting: Posting): string {
  const { id: _id, createdAt: _createdAt, ...fields } = posting;
  return `<posting>\n${JSON.stringify(fields, null, 2)}\n</posting>`;
}

/** "2025-06-01" of a stored datetime, or undefined. */
export function dayOf(value: string | null): string | undefined {
  return value ? value.slice(0, 10) : undefined;
}
