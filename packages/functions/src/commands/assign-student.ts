import { canAssignStudents, DATABASE_ID, isEmailAddress, MESSAGES, roleFromLabels, TABLES, toJob } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { requireMember } from '../platform/caller.ts';
import { invalidInput, notAllowed } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { postingPermissions } from '../portal/permissions.ts';
import { readablePosting, shareImageWithReaders } from '../portal/postings.ts';
import type { JobRow } from '../portal/rows.ts';

/**
 * PUT /jobs/{id}/assignment — a teacher assigns a student by e-mail, or clears the assignment with
 * an empty one (`canAssignStudents`). The assigned student reads a private posting; clearing takes it back.
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

  const assignment = { assignedStudentId: student?.id ?? null, assignedStudentEmail: student?.email ?? null };
  const next = { ...job, ...assignment };
  const row = await api.tables.updateRow<JobRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.jobs,
    rowId: job.$id,
    data: assignment,
    permissions: postingPermissions(next),
  });
  await shareImageWithReaders(api, row);
  return toJob(row);
};
