import { BOARD_ADMIN_LABEL } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import type { ServerApi } from '../platform/server-client.ts';
import { derivedRowId } from '../portal/alert-rows.ts';
import { employerApprovalRequired, recruiterApproval } from '../portal/employer-approval.ts';
import { notify } from '../portal/notices.ts';
import type { JobRow } from '../portal/rows.ts';
import { allSchools, staffIdsOf } from '../portal/schools.ts';

/**
 * Runs on a posting's create and update events: when a recruiter's public posting is meant for schools
 * that have not decided on the recruiter yet, the staff of each such school are told (bell and e-mail),
 * once per recruiter and staff member. Answers how many were told.
 */
export async function notifyApprovers(api: ServerApi, job: JobRow): Promise<number> {
  if (!job.visible || job.closedAs || !employerApprovalRequired()) return 0;
  const approval = await recruiterApproval(api, job.creatorId);
  // No approval row: a teacher's posting; a board decision (trusted or declined) leaves schools nothing to decide.
  if (!approval || approval.status !== 'pending') return 0;
  const decided = new Set([...(approval.approvedSchools ?? []), ...(approval.declinedSchools ?? [])]);
  const picked = job.schoolIds ?? [];
  const schools = (await allSchools(api)).filter((school) => (picked.length === 0 || picked.includes(school.id)) && !decided.has(school.id));
  let told = 0;
  for (const school of schools) {
    for (const staffId of await staffIdsOf(api, school.id)) {
      // Once per employer, not per posting: it is the employer the school approves, and ten postings are one decision.
      const created = await notify(api, derivedRowId('approval-waiting', staffId, job.creatorId, school.id), {
        recipientId: staffId,
        kind: 'approval-waiting',
        message: `${approval.organisation} is waiting for ${school.name}'s approval: its posting ${job.title} reaches your students once you approve.`,
        jobId: job.$id,
        jobTitle: job.title,
      });
      if (created) told += 1;
    }
  }
  // The board's administrators decide for every school at once (its trusted list): they hear of each employer too.
  for (const adminId of await boardAdminIds(api)) {
    const created = await notify(api, derivedRowId('approval-waiting', adminId, job.creatorId, 'board'), {
      recipientId: adminId,
      kind: 'approval-waiting',
      message: `${approval.organisation} is waiting for approval: the board's decision reaches every school, a school's only its own students.`,
      jobId: job.$id,
      jobTitle: job.title,
    });
    if (created) told += 1;
  }
  return told;
}

async function boardAdminIds(api: ServerApi): Promise<string[]> {
  const { users } = await api.users.list({ queries: [Query.contains('labels', [BOARD_ADMIN_LABEL]), Query.limit(100)] });
  return users.map((user) => user.$id);
}
