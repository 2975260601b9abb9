import { Query, type Models } from 'node-appwrite';
import { runCommand } from './demo-commands.ts';
import type { Connection } from './demo-members.ts';
import { allRows, idsOf, type Members } from './seed-progress.ts';

type ApprovalRow = Models.Row & { status: string };

/** The demo's new employer, left waiting so a teacher finds one in the approval queue. */
export const WAITING_DEMO_RECRUITER = 'dana';

/**
 * A teacher approves the demo's recruiters, who asked for it with their first posting, so the board
 * shows their postings as a school that vets employers would; one stays waiting. Nothing waits when
 * approval is off.
 */
export async function approveDemoRecruiters(connection: Connection, members: Members): Promise<void> {
  const waitingId = members.get(WAITING_DEMO_RECRUITER)?.userId;
  const demoIds = new Set(idsOf(members).filter((id) => id !== waitingId));
  const waiting = await allRows<ApprovalRow>(connection, 'recruiter_approvals', [Query.equal('status', 'pending')]);
  // The primary teacher: the one whose school the demo's employers and students belong to.
  const teacher = [...members.values()].find((member) => member.person.role === 'teacher' && member.person.primary);
  if (!teacher) return;
  for (const approval of waiting.filter((row) => demoIds.has(row.$id))) {
    await runCommand(teacher.functions, 'POST', `/approvals/${approval.$id}`, { decision: 'approved' });
  }
}
