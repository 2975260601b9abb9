import type { HoursApprovalOutcome, ServiceHoursEntry } from '@opportunity-kit/sdk';
import type { HoursReviewApi } from '../hours-review/hours-review-controller.ts';

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
    queue: async () => [...queue],
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
