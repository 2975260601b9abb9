import { Role } from 'node-appwrite';
import { canRead } from '../portal/permissions.ts';
import type { JobAssignmentRow, JobRow } from '../portal/rows.ts';

/**
 * Whether a student would find this posting on their listing now: it is open, and it is public and
 * assigned to nobody, or it is assigned to them. The row's own read permissions must also let them
 * in. So no notification ever names a private posting, one assigned to someone else, or a closed one.
 */
export function studentMaySee(job: JobRow, assignment: JobAssignmentRow | undefined, studentId: string): boolean {
  if (job.closedAs) return false;
  const listed = job.assignedAt ? assignment?.studentId === studentId : job.visible === true;
  return listed && canRead(job.$permissions, [Role.any(), Role.users(), Role.user(studentId), Role.label('student')]);
}

/**
 * Who may hear about the posting at all: every student (a public, unassigned, open posting), the one
 * it is assigned to, or nobody.
 */
export function postingAudience(job: JobRow, assignment: JobAssignmentRow | undefined): 'all-students' | { studentId: string } | 'nobody' {
  if (job.closedAs) return 'nobody';
  if (job.assignedAt) return assignment ? { studentId: assignment.studentId } : 'nobody';
  return job.visible === true ? 'all-students' : 'nobody';
}
