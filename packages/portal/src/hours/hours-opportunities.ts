import type { Application, Job, PortalClient } from '@opportunity-kit/sdk';
import type { ServiceHoursPrefill } from '@opportunity-kit/widgets';

/** Enough applications to find the accepted ones of a student; the SDK's largest page. */
const APPLICATIONS_PAGE = { limit: 100 } as const;

/** An opportunity a student may log hours for: an accepted or assigned posting whose hours can count (unpaid Volunteering). */
export interface HoursOpportunity {
  jobId: string;
  title: string;
  prefill: ServiceHoursPrefill;
}

const prefillOf = (job: Job): ServiceHoursPrefill => ({ organisation: job.company, activity: job.title, jobId: job.id });

/**
 * Whether hours spent on a posting can count as community involvement: unpaid Volunteering only. An
 * assignment says nothing of that (a teacher assigns paid co-op Jobs too), so every suggestion passes here.
 */
const hoursCanCount = (job: Job): boolean => job.postingType === 'Volunteering' && !job.hourlyRate;

/**
 * What "Log hours" may start from: the student's accepted Volunteering applications (their postings
 * read for the type and the organisation, since an application keeps only the title) and the
 * Volunteering postings a teacher assigned to them. Removed postings are left out: their id would be refused.
 */
export async function hoursOpportunities(portal: Pick<PortalClient, 'applications' | 'jobs'>): Promise<HoursOpportunity[]> {
  const [applications, assigned] = await Promise.all([portal.applications.listMine(APPLICATIONS_PAGE), portal.jobs.listAssignedToMe()]);
  const accepted = applications.items.filter((application: Application) => application.status === 'accepted' && !application.postingRemoved);
  const jobs = await Promise.all(accepted.map((application) => portal.jobs.get(application.jobId)));
  const candidates = [...jobs.filter((job): job is Job => job !== null), ...assigned.items].filter(hoursCanCount);
  const byId = new Map<string, Job>(candidates.map((job) => [job.id, job]));
  return [...byId.values()].map((job) => ({ jobId: job.id, title: job.title, prefill: prefillOf(job) }));
}

/** The form's prefill for `/hours?jobId=`: the posting when it is assigned to the student or they were accepted for it; else none. */
export async function hoursPrefillFor(portal: Pick<PortalClient, 'applications' | 'jobs'>, jobId: string): Promise<ServiceHoursPrefill | undefined> {
  const [applications, assigned] = await Promise.all([portal.applications.listMine(APPLICATIONS_PAGE), portal.jobs.listAssignedToMe()]);
  const assignedJob = assigned.items.find((job) => job.id === jobId);
  if (assignedJob) return prefillOf(assignedJob);
  const accepted = applications.items.some((application) => application.jobId === jobId && application.status === 'accepted' && !application.postingRemoved);
  const job = accepted ? await portal.jobs.get(jobId) : null;
  return job ? prefillOf(job) : undefined;
}

/** The hours page, with the form pre-filled from the posting. */
export const logHoursPath = (jobId: string) => `/hours?jobId=${encodeURIComponent(jobId)}`;
