import { DATABASE_ID, POSTING_STATES, TABLES } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../platform/caller.ts';
import { invalidInput } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { managedPosting, readablePosting, requirePostingManager } from '../portal/postings.ts';
import type { JobRow } from '../portal/rows.ts';

/**
 * PUT /jobs/{id}/state — those who manage a posting (its creator, any teacher) close it, mark it
 * filled, or reopen it. A closed or filled posting leaves the students' listings and takes no new
 * applications; the applications it has stay, and their decisions can still be made.
 */
export const setPostingState: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const requested = body.text('state');
  body.done();
  const job = await readablePosting(api, member, params.id as string);
  await requirePostingManager(api, member, job, 'Only the creator of this opportunity or a teacher can close or reopen it.');
  const state = POSTING_STATES.find((candidate) => candidate === requested);
  if (!state) throw invalidInput({ state: 'Please choose open, closed or filled' });
  const row = await api.tables.updateRow<JobRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.jobs,
    rowId: job.$id,
    data: { closedAs: state === 'open' ? null : state },
  });
  return managedPosting(api, row);
};
