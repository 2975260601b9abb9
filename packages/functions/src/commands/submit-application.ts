import {
  applyRefusal,
  BUCKETS,
  DATABASE_ID,
  hasPdfSignature,
  MESSAGES,
  SCHOOL_MESSAGES,
  TABLES,
  toApplication,
  UPLOADS_BUCKET,
  toJob,
  withAssignment,
  validateApplication,
  type Application,
  type ApplicationColumns,
} from '@opportunity-kit/sdk/domain';
import { ID, Query } from 'node-appwrite';
import { hasStatus } from '../platform/appwrite-errors.ts';
import { isConfirmedStudent, requireMember, type Member } from '../platform/caller.ts';
import { CommandError, invalidInput, notAllowed, notOpenToAge } from '../platform/command-error.ts';
import { readFileStart } from '../platform/file-start.ts';
import type { Command } from '../platform/router.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { ownedFile } from '../portal/owned-files.ts';
import { applicationPermissions } from '../portal/permissions.ts';
import { postingAssignment, readablePosting } from '../portal/postings.ts';
import { refreshProfileAccess } from '../portal/profile-access.ts';
import { refreshResumeReaders } from '../portal/resume-access.ts';
import { refusalToTake } from '../portal/youth-rules.ts';
import type { ApplicationRow } from '../portal/rows.ts';
import { claimUpload, discardClaimed, discardUploadsOnFailure } from '../portal/uploads.ts';

const alreadyApplied = (): CommandError => new CommandError('already-applied', MESSAGES.alreadyApplied);

/**
 * POST /applications — a student applies to an open posting they can read and did not create, and
 * that is not assigned to another student (`applyRefusal`), with three answers and their own PDF
 * resume (checked by its `%PDF-` signature, not its name), which moves from `uploads` into `resumes`. The posting's creator then reads the
 * application and the resume. One application per posting and applicant:
 * the unique index on (jobId, applicantId) decides between simultaneous submissions.
 */
export const submitApplication: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const jobId = body.text('jobId')?.trim() ?? '';
  const answers = {
    relevantExperiences: body.text('relevantExperiences') ?? '',
    interestInRole: body.text('interestInRole') ?? '',
    careerGoals: body.text('careerGoals') ?? '',
  };
  const resumeFileId = body.text('resumeFileId')?.trim() ?? '';
  body.done();
  // A refused application leaves no resume behind.
  return discardUploadsOnFailure(api, resumeFileId ? [resumeFileId] : [], member.id, () => apply(api, member, { jobId, answers, resumeFileId }));
};

interface ApplicationRequest {
  jobId: string;
  answers: Pick<ApplicationColumns, 'relevantExperiences' | 'interestInRole' | 'careerGoals'>;
  resumeFileId: string;
}

async function apply(api: ServerApi, member: Member, { jobId, answers, resumeFileId }: ApplicationRequest): Promise<Application> {
  if (jobId === '') throw invalidInput({ jobId: 'Please choose an opportunity to apply to' });
  if (member.role === 'student' && !isConfirmedStudent(member)) throw notAllowed(SCHOOL_MESSAGES.notConfirmed);
  const job = await readablePosting(api, member, jobId);
  const refusal = applyRefusal(member, withAssignment(toJob(job), await postingAssignment(api, job)));
  if (refusal) throw notAllowed(refusal);
  const tooYoung = member.role === 'student' ? await refusalToTake(api, member.id, toJob(job)) : undefined;
  if (tooYoung) throw notOpenToAge(tooYoung);
  // Told before anything about the resume: applying again is the mistake to fix first.
  const existing = await api.tables.listRows({
    databaseId: DATABASE_ID,
    tableId: TABLES.applications,
    queries: [Query.equal('jobId', job.$id), Query.equal('applicantId', member.id), Query.limit(1)],
    total: false,
  });
  if (existing.rows.length > 0) throw alreadyApplied();

  const resume = resumeFileId === '' ? undefined : await ownedFile(api.storage, UPLOADS_BUCKET, resumeFileId, member.id);
  const checked = validateApplication({
    ...answers,
    resume: resume && { name: resume.name, size: resume.sizeOriginal, type: resume.mimeType },
  });
  if (!checked.ok) throw invalidInput(checked.errors);
  if (!resume) throw invalidInput({ resume: MESSAGES.uploadResume });
  if (!hasPdfSignature(await readFileStart(api.client, resume, 5))) throw invalidInput({ resume: MESSAGES.onlyPdf });

  // Into `resumes`, read by the applicant alone until the application exists.
  const claimed = await claimUpload(api, BUCKETS.resumes, resume.$id, member.id);
  if (!claimed) throw invalidInput({ resume: 'Please upload your resume again: it must be your own upload' });

  const columns: ApplicationColumns = {
    jobId: job.$id,
    jobTitle: job.title,
    // The student's own list names the company, also once the posting is removed.
    jobCompany: job.company.slice(0, 200),
    jobCreatorId: job.creatorId,
    applicantId: member.id,
    applicantEmail: member.email,
    // The employer sees who applied by name even when the student keeps no public profile.
    applicantName: member.name.slice(0, 128),
    ...checked.value,
    resumeFileId: resume.$id,
    status: 'pending',
    postingRemoved: false,
  };
  let row: ApplicationRow;
  try {
    row = await api.tables.createRow<ApplicationRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.applications,
      rowId: ID.unique(),
      data: columns,
      permissions: applicationPermissions(columns),
    });
  } catch (thrown) {
    await discardClaimed(api, BUCKETS.resumes, [claimed]);
    // Another submission of the same application won the unique index.
    if (hasStatus(thrown, 409)) throw alreadyApplied();
    throw thrown;
  }
  try {
    await refreshResumeReaders(api, member.id, resume.$id);
  } catch (thrown) {
    // An application whose resume its reader cannot open would be a silent failure: undo it.
    await api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: row.$id });
    await discardClaimed(api, BUCKETS.resumes, [claimed]);
    throw thrown;
  }
  // The posting's creator may now read the applicant's profile (if it is public).
  await refreshProfileAccess(api, member.id);
  return toApplication(row);
}
