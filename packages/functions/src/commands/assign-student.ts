import {
  canAssignStudents,
  DATABASE_ID,
  isEmailAddress,
  MESSAGES,
  roleFromLabels,
  TABLES,
  toJob,
  withAssignment,
  type JobAssignmentColumns,
} from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { requireMember } from '../platform/caller.ts';
import { invalidInput, notAllowed } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { awaitsApproval } from '../portal/employer-approval.ts';
import { assignmentPermissions, postingPermissions } from '../portal/permissions.ts';
import { postingAssignment, readablePosting, shareImageWithReaders } from '../portal/postings.ts';
import type { JobAssignmentRow, JobRow } from '../portal/rows.ts';
import { writeTogether, type RowWrite } from './atomic-writes.ts';

/**
 * PUT /jobs/{id}/assignment — a teacher assigns a student by e-mail, or clears the assignment with
 * an empty one (`canAssignStudents`). The assigned student reads a private posting; clearing takes it back.
 * Who it is goes into the posting's `job_assignments` row, which only that student, the creator and
 * teachers read; the posting's own row, which every reader of the posting reads, says only since when
 * it is assigned. Both change in one transaction.
 */
export const assignStudent: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const requested = (body.text('studentEmail') ?? '').trim().toLowerCase();
  body.done();
  if (!canAssignStudents(member)) throw notAllowed('Only teachers can assign students to opportunities.');
  const job = await readablePosting(api, member, params.id as string);

  let student: { id: string; email: string } | null = null;
  if (requested !== '') {
    if (!isEmailAddress(requested)) throw invalidInput({ form: MESSAGES.assignFailed, studentEmail: 'Please enter a valid email address' });
    const found = await api.users.list({ queries: [Query.equal('email', requested), Query.limit(1)] });
    const user = found.users[0];
    if (!user) throw invalidInput({ form: MESSAGES.assignFailed, studentEmail: 'No account uses this email address' });
    if (roleFromLabels(user.labels) !== 'student') throw invalidInput({ form: MESSAGES.assignFailed, studentEmail: 'This account is not a student' });
    student = { id: user.$id, email: user.email };
  }

  const previous = await postingAssignment(api, job);
  const unchanged = previous !== undefined && previous.studentId === student?.id;
  const assignedAt = student ? (unchanged ? job.assignedAt : new Date().toISOString()) : null;
  const assignment: JobAssignmentColumns | null = student && { jobId: job.$id, studentId: student.id, studentEmail: student.email };
  const awaitingApproval = await awaitsApproval(api, job.creatorId);
  const writes: RowWrite[] = [];
  // The assignment row first: a reader that follows the posting's change reads the new assignment.
  if (assignment) {
    const permissions = assignmentPermissions(job, assignment.studentId);
    writes.push({ action: 'upsert', tableId: TABLES.jobAssignments, rowId: job.$id, data: assignment, permissions });
  } else if (previous) {
    writes.push({ action: 'delete', tableId: TABLES.jobAssignments, rowId: job.$id });
  }
  writes.push({
    action: 'update',
    tableId: TABLES.jobs,
    rowId: job.$id,
    data: { assignedAt },
    permissions: postingPermissions({ ...job, awaitingApproval }, student?.id ?? null),
  });
  await writeTogether(api, writes);

  const row = await api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.$id });
  await shareImageWithReaders(api, { ...row, awaitingApproval }, student?.id ?? null);
  const stored = assignment && (await api.tables.getRow<JobAssignmentRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobAssignments, rowId: job.$id }));
  return withAssignment(toJob(row), stored);
};
