import { TablesDB as AdminTables } from 'node-appwrite';
import { approvalPermissions } from '../../packages/functions/src/portal/employer-approval.ts';
import { adminClient } from './backend.ts';
import type { RowFacts, World } from './permission-fixture.ts';
import { memberOf, type Actors } from './principals.ts';

/**
 * The recruiter approvals of issue 15 in the matrix. The matrix runs with employer approval off, so
 * no command makes one: the API key writes them as the `commands` function would, with the
 * function's own permissions, and the rules then say who may read them (and that no client writes one).
 */

export type ApprovalFacts = Extract<RowFacts, { table: 'recruiter_approvals' }>;

/** Each approval row, its id its recruiter's user id as the function makes it; answers the ids by row name. */
export async function buildApprovals(
  backend: World['backend'],
  actors: Actors,
  approvals: Readonly<Record<string, ApprovalFacts>>,
): Promise<Record<string, string>> {
  const tables = new AdminTables(adminClient(backend));
  const decider = memberOf(actors, 'teacherA');
  const ids: Record<string, string> = {};
  for (const [name, facts] of Object.entries(approvals)) {
    const recruiter = memberOf(actors, facts.recruiter);
    const { status } = facts;
    const decided = status === 'pending' ? { decidedBy: null, decidedAt: null } : { decidedBy: decider.userId, decidedAt: new Date().toISOString() };
    const row = await tables.createRow({
      databaseId: 'portal',
      tableId: 'recruiter_approvals',
      rowId: recruiter.userId,
      data: { organisation: 'Matrix Employer', recruiterName: facts.recruiter, recruiterEmail: recruiter.email, status, reason: null, ...decided },
      permissions: approvalPermissions(recruiter.userId),
    });
    ids[name] = row.$id;
  }
  return ids;
}
