import { DATABASE_ID, TABLES, type ViewCounted } from '@opportunity-kit/sdk/domain';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { Command, CommandRequest } from '../platform/router.ts';
import { derivedRowId } from '../portal/alert-rows.ts';
import { readablePosting } from '../portal/postings.ts';
import { writeTogether } from '../portal/atomic-writes.ts';

/**
 * POST /jobs/{id}/views — a card was opened: the posting's view count goes up once per viewer, so
 * sorting by views reflects how many people looked, not how often one of them tapped. A member counts
 * once per posting; a guest (the public board, the embed) once per address and posting per day. The
 * view's row and the count's increment are one transaction: a repeat finds the row (409) and counts
 * nothing, and simultaneous views are never lost.
 */
export const recordView: Command = async (request) => {
  const { caller, params, api } = request;
  const job = await readablePosting(api, caller, params.id as string);
  const viewer = viewerKey(request);
  if (viewer) {
    const viewRow = derivedRowId('view', viewer, job.$id);
    // Most taps are repeats: one read answers them, with no transaction to open and refuse.
    const seen = await orUndefined(api.tables.getRow({ databaseId: DATABASE_ID, tableId: TABLES.jobViews, rowId: viewRow }));
    if (seen) return { id: job.$id, viewCount: Number(job.viewCount) } satisfies ViewCounted;
    try {
      await writeTogether(api, [
        { action: 'create', tableId: TABLES.jobViews, rowId: viewRow, data: { jobId: job.$id }, permissions: [] },
        { action: 'increment', tableId: TABLES.jobs, rowId: job.$id, column: 'viewCount' },
      ]);
    } catch (thrown) {
      if (!hasStatus(thrown, 409)) throw thrown;
    }
    const counted = await api.tables.getRow({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.$id });
    return { id: job.$id, viewCount: Number(counted.viewCount) } satisfies ViewCounted;
  }
  const row = await api.tables.incrementRowColumn({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: job.$id, column: 'viewCount', value: 1 });
  return { id: job.$id, viewCount: Number(row.viewCount) } satisfies ViewCounted;
};

/**
 * Who is viewing: the member, or the guest's address on this day. Only a hash of it is stored, as the
 * view's row id (`derivedRowId`). A guest whose address Appwrite did not pass is counted every time.
 */
function viewerKey({ caller, clientIp }: CommandRequest): string | undefined {
  if (caller.kind === 'member') return `member:${caller.id}`;
  return clientIp ? `guest:${clientIp}:${new Date().toISOString().slice(0, 10)}` : undefined;
}
