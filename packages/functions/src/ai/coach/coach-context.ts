import { DATABASE_ID, spokenDate, TABLES, toJob } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import type { ServerApi } from '../../platform/server-client.ts';
import type { ApplicationRow, JobRow } from '../../portal/rows.ts';
import { postingsFor, type CoachContext } from '../local/coach.ts';
import type { CoachPosting } from '../local/posting-facts.ts';
import { everyStudentQueries, studentMaySee, studentReaders } from '../../portal/student-view.ts';
import { dataBlock, toPosting } from '../posting.ts';

/** How many postings the coach considers: the newest public ones. */
const POSTINGS_CONSIDERED = 200;
/** How many of them a model is shown: the best matches first, then the newest. */
const POSTINGS_SHOWN = 12;

/**
 * What the coach may speak about: the postings every student may see (`studentMaySee`: open, public,
 * unassigned, not hidden, their recruiter approved), and the caller's own applications. Nothing else
 * reaches the answer or the prompt sent to a model.
 */
export async function coachContext(api: ServerApi, userId: string): Promise<CoachContext> {
  const [jobs, applications] = await Promise.all([
    api.tables.listRows<JobRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.jobs,
      queries: [...everyStudentQueries(), Query.orderDesc('$createdAt'), Query.limit(POSTINGS_CONSIDERED)],
      total: false,
    }),
    api.tables.listRows<ApplicationRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.applications,
      queries: [Query.equal('applicantId', userId), Query.orderDesc('$createdAt'), Query.limit(25)],
      total: false,
    }),
  ]);
  const reader = await studentReaders(api)(userId);
  return {
    postings: jobs.rows
      .filter((row) => studentMaySee(row, undefined, reader))
      .map((row): CoachPosting => {
        const { address, streetAddress, contactEmail, companyWebsite } = toJob(row);
        // The street of a posting with its address in parts (issue 28); an older one's free-text address.
        return { ...toPosting(row), address: streetAddress ?? address, contactEmail, companyWebsite };
      }),
    applications: applications.rows.map((row) => ({ jobTitle: row.jobTitle, status: row.status, createdAt: row.$createdAt })),
  };
}

/**
 * The context block a model is given: the postings the message names or matches first, then the
 * newest, each with the facts students ask about (deadline, pay, place, dates, how to apply) and the
 * link the answer must use to name it.
 */
export function contextBlock(message: string, context: CoachContext): string {
  const matches = postingsFor(message, context.postings).slice(0, POSTINGS_SHOWN);
  const shown: CoachPosting[] = [...matches, ...context.postings.filter((posting) => !matches.includes(posting))].slice(0, POSTINGS_SHOWN);
  const day = (value: string | null) => spokenDate(value) ?? null;
  const data = {
    postings: shown.map((posting) => ({
      id: posting.id,
      link: `/job/${posting.id}`,
      title: posting.title,
      company: posting.company,
      type: posting.postingType,
      location: posting.location,
      address: posting.address ?? null,
      cluster: posting.cluster,
      pay: posting.hourlyRate,
      applicationDeadline: day(posting.applicationDeadline),
      startDate: day(posting.startDate),
      endDate: day(posting.endDate),
      contactEmail: posting.contactEmail ?? null,
      website: posting.postingType === 'Gig' ? null : (posting.companyWebsite ?? null),
      description: posting.description.slice(0, 400),
    })),
    myApplications: context.applications.map((application) => ({
      title: application.jobTitle,
      status: application.status,
      appliedOn: application.createdAt.slice(0, 10),
    })),
  };
  return dataBlock('context', data);
}
