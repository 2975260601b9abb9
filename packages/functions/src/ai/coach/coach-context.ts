import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import type { ServerApi } from '../../platform/server-client.ts';
import type { ApplicationRow, JobRow } from '../../portal/rows.ts';
import type { CoachContext } from '../local/coach.ts';
import { rankPostings } from '../local/coach.ts';
import { toPosting, type Posting } from '../posting.ts';

/** How many postings the coach considers: the newest public ones. */
const POSTINGS_CONSIDERED = 200;
/** How many of them a model is shown: the best matches first, then the newest. */
const POSTINGS_SHOWN = 12;

/**
 * What the coach may speak about: the school's public postings (visible, not assigned to a student:
 * what every student sees in the listings) and the caller's own applications.
 */
export async function coachContext(api: ServerApi, userId: string): Promise<CoachContext> {
  const [jobs, applications] = await Promise.all([
    api.tables.listRows<JobRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.jobs,
      queries: [Query.equal('visible', true), Query.isNull('assignedStudentId'), Query.orderDesc('$createdAt'), Query.limit(POSTINGS_CONSIDERED)],
      total: false,
    }),
    api.tables.listRows<ApplicationRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.applications,
      queries: [Query.equal('applicantId', userId), Query.orderDesc('$createdAt'), Query.limit(25)],
      total: false,
    }),
  ]);
  return {
    postings: jobs.rows.map(toPosting),
    applications: applications.rows.map((row) => ({ jobTitle: row.jobTitle, status: row.status, createdAt: row.$createdAt })),
  };
}

/** The context block a model is given: the postings that match the message best, then the newest. */
export function contextBlock(message: string, context: CoachContext): string {
  const matches = rankPostings(message, context.postings, POSTINGS_SHOWN);
  const shown: Posting[] = [...matches, ...context.postings.filter((posting) => !matches.includes(posting))].slice(0, POSTINGS_SHOWN);
  const data = {
    postings: shown.map((posting) => ({
      title: posting.title,
      company: posting.company,
      type: posting.postingType,
      location: posting.location,
      cluster: posting.cluster,
      pay: posting.hourlyRate,
      applicationDeadline: posting.applicationDeadline?.slice(0, 10) ?? null,
      description: posting.description.slice(0, 400),
    })),
    myApplications: context.applications.map((application) => ({
      title: application.jobTitle,
      status: application.status,
      appliedOn: application.createdAt.slice(0, 10),
    })),
  };
  return `<context>\n${JSON.stringify(data, null, 2)}\n</context>`;
}
