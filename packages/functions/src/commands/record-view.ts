import { DATABASE_ID, TABLES, type ViewCounted } from '@opportunity-kit/sdk/domain';
import type { Command } from '../platform/router.ts';
import { readablePosting } from '../portal/postings.ts';

/**
 * POST /jobs/{id}/views — a card was opened: +1 on the posting's view count, as one atomic increment
 * on the server, so simultaneous views are never lost. Guests count too (public postings are public).
 */
export const recordView: Command = async ({ caller, params, api }) => {
  const job = await readablePosting(api, caller, params.id as string);
  const row = await api.tables.incrementRowColumn({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.$id, column: 'viewCount', value: 1 });
  return { id: job.$id, viewCount: Number(row.viewCount) } satisfies ViewCounted;
};
