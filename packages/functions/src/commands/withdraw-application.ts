import { BUCKETS, canWithdrawApplication, DATABASE_ID, MESSAGES, TABLES, type Removed } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import { requireMember } from '../platform/caller.ts';
import { notAllowed, notFound } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { deleteFileIfPresent } from '../portal/owned-files.ts';
import { canRead } from '../portal/permissions.ts';
import { refreshProfileAccess } from '../portal/profile-access.ts';
import type { ApplicationRow } from '../portal/rows.ts';

/**
 * DELETE /applications/{id} — a student withdraws their own application while it is pending
 * (`canWithdrawApplication`). It is gone for the posting's creator too, and the student may apply
 * again. Its resume goes with it, unless another of the student's applications sent the same file.
 */
export const withdrawApplication: Command = async ({ caller, params, api }) => {
  const member = requireMember(caller);
  const application = await orUndefined(
    api.tables.getRow<ApplicationRow>({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: params.id as string }),
  );
  if (!application || !canRead(application.$permissions, member.roles)) throw notFound('Application not found');
  if (!canWithdrawApplication(member, application)) {
    throw notAllowed(member.id === application.applicantId ? MESSAGES.onlyPendingWithdrawn : 'Only the applicant can withdraw an application.');
  }
  await api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: application.$id });
  // The posting's creator no longer reads the profile, unless the student applied to another of their postings.
  await refreshProfileAccess(api, member.id);
  const sharedResume = await api.tables.listRows({
    databaseId: DATABASE_ID,
    tableId: TABLES.applications,
    queries: [Query.equal('applicantId', member.id), Query.equal('resumeFileId', application.resumeFileId), Query.limit(1)],
    total: false,
  });
  if (sharedResume.rows.length === 0) await deleteFileIfPresent(api.storage, BUCKETS.resumes, application.resumeFileId);
  return { id: application.$id } satisfies Removed;
};
