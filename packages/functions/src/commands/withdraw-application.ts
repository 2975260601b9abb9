import { BUCKETS, canWithdrawApplication, DATABASE_ID, MESSAGES, TABLES, type Removed } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../platform/appwrite-errors.ts';
import { requireMember, type Member } from '../platform/caller.ts';
import { notAllowed, notFound } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { deleteFileIfPresent } from '../portal/owned-files.ts';
import { canRead } from '../portal/permissions.ts';
import { refreshProfileAccess } from '../portal/profile-access.ts';
import { refreshResumeReaders } from '../portal/resume-access.ts';
import type { ApplicationRow } from '../portal/rows.ts';
import { decideTogether } from '../portal/atomic-writes.ts';

/** The application, if the member may read it; else "Application not found", so an id never tells that someone else's exists. */
export async function readableApplication(api: ServerApi, member: Member, id: string): Promise<ApplicationRow> {
  const application = await orUndefined(api.tables.getRow<ApplicationRow>({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: id }));
  if (!application || !canRead(application.$permissions, member.roles)) throw notFound('Application not found');
  return application;
}

/**
 * DELETE /applications/{id} — a student withdraws their own application while it is pending
 * (`canWithdrawApplication`). It is gone for the posting's creator too, and the student may apply
 * again. A decision made at the same instant wins or loses as a whole (`decideTogether`): the employer
 * is never told "accepted" about an application that is gone. Its resume loses the creator as a reader,
 * and goes with it unless another of the student's applications sent the same file.
 */
export const withdrawApplication: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const { $id: applicationId } = await readableApplication(api, member, params.id as string);
  const application = await decideTogether(api, [{ tableId: TABLES.applications, rowId: applicationId }], async () => {
    const current = await readableApplication(api, member, applicationId);
    if (!canWithdrawApplication(member, current)) {
      throw notAllowed(member.id === current.applicantId ? MESSAGES.onlyPendingWithdrawn : 'Only the applicant can withdraw an application.');
    }
    return { writes: [{ action: 'delete', tableId: TABLES.applications, rowId: applicationId }], answer: current };
  });
  // The posting's creator no longer reads the profile, unless the student applied to another of their postings.
  await refreshProfileAccess(api, member.id);
  if ((await refreshResumeReaders(api, member.id, application.resumeFileId)) === 0) {
    await deleteFileIfPresent(api.storage, BUCKETS.resumes, application.resumeFileId);
  }
  return { id: application.$id } satisfies Removed;
};
