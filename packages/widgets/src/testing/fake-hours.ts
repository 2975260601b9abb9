import type { HoursApprovalOutcome, HoursModule, ServiceHoursEntry } from '@opportunity-kit/sdk';
import type { HoursReviewApi } from '../hours-review/hours-review-controller.ts';

/**
 * `queuePage` over a teacher's `queue` (the array itself, so entries taken off it leave later pages)
 * as the server pages it: in the queue's order, the cursor being the place after the page's last
 * entry, which an entry decided meanwhile does not move.
 */
export function queuePagesOver(queue: readonly ServiceHoursEntry[]): HoursModule['queuePage'] {
  const places = new Map<string, number>();
  const placeOf = (entry: ServiceHoursEntry): number => {
    if (!places.has(entry.id)) places.set(entry.id, places.size);
    return places.get(entry.id) as number;
  };
  return async (page) => {
    const limit = page?.limit ?? 25;
    const after = page?.cursor ? Number(page.cursor) : -1;
    const rest = queue.filter((entry) => placeOf(entry) > after);
    const items = rest.slice(0, limit);
    const last = items.at(-1);
    return { items, total: queue.length, nextCursor: rest.length > limit && last ? String(placeOf(last)) : null };
  };
}

/**
 * The SDK's hours module over a teacher's `queue`, deciding as the server does: a decision is final and
 * takes the entry off the queue; the bulk approval approves confirmed entries and skips the others with
 * their reason. `decidedElsewhere` are ids another teacher decided meanwhile (skipped as already reviewed).
 */
export function fakeHoursReview(queue: ServiceHoursEntry[], decidedElsewhere: ReadonlySet<string> = new Set()) {
  const approveCalls: string[][] = [];
  const take = (id: string) =>
    queue.splice(
      queue.findIndex((candidate) => candidate.id === id),
      1,
    )[0] as ServiceHoursEntry;
  const api: HoursReviewApi = {
    queuePage: queuePagesOver(queue),
    review: async (id, review) => {
      const entry = take(id);
      const approvedHours = review.decision === 'approved' ? entry.hours : review.decision === 'partial' ? (review.hours ?? 0) : 0;
      return { ...entry, status: review.decision, approvedHours, reviewComment: review.comment ?? null };
    },
    approveMany: async (ids) => {
      approveCalls.push([...ids]);
      const results = ids.map((id): HoursApprovalOutcome => {
        const entry = queue.find((candidate) => candidate.id === id);
        if (!entry) return { id, outcome: 'skipped', reason: 'not-found' };
        if (decidedElsewhere.has(id)) return { id, outcome: 'skipped', reason: 'already-reviewed' };
        if (entry.status !== 'confirmed') return { id, outcome: 'skipped', reason: 'not-confirmed' };
        return { id, outcome: 'approved', entry: { ...take(id), status: 'approved', approvedHours: entry.hours } };
      });
      return { results };
    },
    exportCsv: async () => ({ fileName: 'community-involvement-hours.csv', blob: new Blob(['Student,Email,Approved hours,Pending hours']) }),
  };
  return { api, approveCalls };
}
