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
import { requireMember, type Member } from '../platform/caller.ts';
import { invalidInput, notAllowed } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { postingReach, type PostingReach } from '../portal/employer-approval.ts';
import { assignmentPermissions, postingPermissions } from '../portal/permissions.ts';
import { postingAssignment, readablePosting, shareImageWithReaders } from '../portal/postings.ts';
import type { JobAssignmentRow, JobRow } from '../portal/rows.ts';
import { isStaffOf, schoolOfStudent } from '../portal/schools.ts';
import { derivedRowId } from '../portal/alert-rows.ts';
import { decideTogether, type RowWrite } from '../portal/atomic-writes.ts';
import { notify } from '../portal/notices.ts';
import { studentMaySee, studentReaders } from '../portal/student-view.ts';
import { refusalToTake } from '../portal/youth-rules.ts';

/**
 * PUT /jobs/{id}/assignment — a teacher assigns a student of their school by e-mail, or clears the
 * assignment with an empty one (`canAssignStudents`); an assignment of another school's student is
 * that school's to change. The assigned student reads a private posting; clearing takes it back.
 * Who it is goes into the posting's `job_assignments` row, which only that student, the creator and
 * the staff of the student's school read; the posting's own row, which every reader of the posting reads, says only since when
 * it is assigned. Both change in one transaction.
 */
export const assignStudent: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const requested = (body.text('studentEmail') ?? '').trim().toLowerCase();
  body.done();
  if (!canAssignStudents(member)) throw notAllowed('Only teachers can assign students to opportunities.');
  const job = await readablePosting(api, member, params.id as string);

  let student: { id: string; email: string; schoolId: string } | null = null;
  if (requested !== '') {
    if (!isEmailAddress(requested)) throw invalidInput({ form: MESSAGES.assignFailed, studentEmail: 'Please enter a valid email address' });
    const found = await api.users.list({ queries: [Query.equal('email', requested), Query.limit(1)] });
    const user = found.users[0];
    if (!user) throw invalidInput({ form: MESSAGES.assignFailed, studentEmail: 'No account uses this email address' });
    if (roleFromLabels(user.labels) !== 'student') throw invalidInput({ form: MESSAGES.assignFailed, studentEmail: 'This account is not a student' });
    const schoolId = await schoolOfStudent(api, user.$id);
    if (!schoolId || !(await isStaffOf(api, member, schoolId))) {
      throw invalidInput({ form: MESSAGES.assignFailed, studentEmail: 'No student of your school uses this email address' });
    }
    // A private posting of a school reaches only its own students.
    if (job.schoolId && !job.visible && job.schoolId !== schoolId) {
      throw invalidInput({ form: MESSAGES.assignFailed, studentEmail: 'This private opportunity is only for students of its own school' });
    }
    const tooYoung = await refusalToTake(api, user.$id, toJob(job));
    if (tooYoung) throw invalidInput({ form: MESSAGES.assignFailed, studentEmail: tooYoung });
    student = { id: user.$id, email: user.email, schoolId };
  }

  // Decided on the posting as it is when the writes land (a compare-and-set on its row): two schools
  // assigning it at the same instant never replace each other's student unseen.
  // The reach is read inside the decision: an approval decided meanwhile rewrites the posting, and this
  // decision is then made again from it.
  const reach = await decideTogether(api, [{ tableId: TABLES.jobs, rowId: job.$id }], async () => {
    const current = await api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.$id });
    const now = await postingReach(api, current);
    return { writes: await assignmentWrites(api, member, current, student, now), answer: now };
  });

  const row = await api.tables.getRow<JobRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.$id });
  await shareImageWithReaders(api, { ...row, ...reach }, student?.id ?? null);
  const stored = student && (await api.tables.getRow<JobAssignmentRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobAssignments, rowId: job.$id }));
  if (student && stored) await tellAssignee(api, member, row, stored, student.schoolId);
  return withAssignment(toJob(row), stored);
};

/**
 * The student hears of the assignment (bell and e-mail), once per assignment, and only while they may
 * open the posting (a hidden posting says nothing, as everywhere a student is shown one).
 */
async function tellAssignee(api: ServerApi, teacher: Member, job: JobRow, assignment: JobAssignmentRow, schoolId: string): Promise<void> {
  if (!job.assignedAt || !studentMaySee(job, assignment, { ...(await studentReaders(api)(assignment.studentId)), schoolIds: [schoolId] })) return;
  await notify(api, derivedRowId('assignment', assignment.studentId, job.$id, job.assignedAt), {
    recipientId: assignment.studentId,
    kind: 'assignment',
    message: `${teacher.name || 'Your teacher'} assigned you ${job.title}${job.company ? ` at ${job.company}` : ''}.`,
    jobId: job.$id,
    jobTitle: job.title,
  });
}

/** The writes that make `student` (null: nobody) the posting's assignee, refused when another school's student would be replaced. */
async function assignmentWrites(
  api: ServerApi,
  member: Member,
  job: JobRow,
  student: { id: string; email: string; schoolId: string } | null,
  reach: PostingReach,
): Promise<RowWrite[]> {
  const previous = await postingAssignment(api, job);
  // Another school's student stays assigned: only the staff of their school change that (issue 23).
  if (previous && previous.studentId !== student?.id && !(await isStaffOfStudentSchool(api, member, previous.studentId))) {
    throw notAllowed('This opportunity is assigned to a student of another school: only their school can change that.');
  }
  const unchanged = previous !== undefined && previous.studentId === student?.id;
  const assignedAt = student ? (unchanged ? job.assignedAt : new Date().toISOString()) : null;
  const writes: RowWrite[] = [];
  // The assignment row first: a reader that follows the posting's change reads the new assignment.
  if (student) {
    const assignment: JobAssignmentColumns = { jobId: job.$id, studentId: student.id, studentEmail: student.email };
    const permissions = assignmentPermissions(job, assignment.studentId, student.schoolId);
    writes.push({ action: 'upsert', tableId: TABLES.jobAssignments, rowId: job.$id, data: assignment, permissions });
  } else if (previous) {
    writes.push({ action: 'delete', tableId: TABLES.jobAssignments, rowId: job.$id });
  }
  writes.push({
    action: 'update',
    tableId: TABLES.jobs,
    rowId: job.$id,
    data: { assignedAt },
    permissions: postingPermissions({ ...job, ...reach }, student?.id ?? null),
  });
  return writes;
}

/** True when `member` is on the staff of the school `studentId` is a student of. */
async function isStaffOfStudentSchool(api: ServerApi, member: Member, studentId: string): Promise<boolean> {
  const schoolId = await schoolOfStudent(api, studentId);
  return schoolId !== undefined && (await isStaffOf(api, member, schoolId));
}
