import { Query, type Models } from 'node-appwrite';
import { runCommand } from './demo-commands.ts';
import type { Connection, DemoMember } from './demo-members.ts';
import { allRows, idsOf, type Members } from './seed-progress.ts';

type ApprovalRow = Models.Row & { status: string };

/** The demo's new employer, left waiting so a teacher finds one in the approval queue. */
export const WAITING_DEMO_RECRUITER = 'dana';

/**
 * The board's administrator puts the demo's recruiters, who asked for approval with their first
 * posting, on the board's trusted list, so every school and the public see their postings as a board
 * that vets employers would; one stays waiting, for each school's staff (and the board) to decide.
 * Nothing waits when approval is off.
 */
export async function approveDemoRecruiters(connection: Connection, members: Members, board: DemoMember): Promise<void> {
  const waitingId = members.get(WAITING_DEMO_RECRUITER)?.userId;
  const demoIds = new Set(idsOf(members).filter((id) => id !== waitingId));
  const waiting = await allRows<ApprovalRow>(connection, 'recruiter_approvals', [Query.equal('status', 'pending')]);
  for (const approval of waiting.filter((row) => demoIds.has(row.$id))) {
    await runCommand(board.functions, 'POST', `/approvals/${approval.$id}`, { decision: 'approved' });
  }
}
