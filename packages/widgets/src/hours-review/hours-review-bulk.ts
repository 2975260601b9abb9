import { batch } from '@preact/signals-react';
import type { HoursApprovalOutcome, HoursApprovalSkipReason, HoursModule } from '@opportunity-kit/sdk';
import { HOURS_APPROVAL_SKIP_REASONS, HOURS_BULK_APPROVAL_MAX } from '@opportunity-kit/sdk/domain';
import type { RequestToken } from '../shared/latest-request.ts';
import { portalErrorMessage } from '../shared/portal-error-message.ts';
import { leaveQueue, type HoursReviewModel } from './hours-review-model.ts';

/**
 * "Approve selected": the chosen entries go to the bulk approval 50 at a time (the server's limit),
 * the progress counts what was sent, and every entry that needs no decision any more (approved, decided
 * meanwhile, gone) leaves the queue as each answer arrives.
 */

/** Skips after which the entry has nothing left to decide in this queue. */
const SETTLED: ReadonlySet<HoursApprovalSkipReason> = new Set(['already-reviewed', 'not-found', 'own-entry']);

/** "48 approved, 2 skipped: already reviewed"; several reasons are counted each ("3 skipped: 2 already reviewed, 1 not found"). */
export function bulkApprovalSummary(results: readonly HoursApprovalOutcome[]): string {
  const approved = results.filter((result) => result.outcome === 'approved').length;
  const reasons = new Map<HoursApprovalSkipReason, number>();
  for (const result of results) if (result.outcome === 'skipped') reasons.set(result.reason, (reasons.get(result.reason) ?? 0) + 1);
  const skipped = results.length - approved;
  if (skipped === 0) return `${approved} approved`;
  const why =
    reasons.size === 1
      ? HOURS_APPROVAL_SKIP_REASONS[[...reasons.keys()][0] as HoursApprovalSkipReason]
      : [...reasons].map(([reason, count]) => `${count} ${HOURS_APPROVAL_SKIP_REASONS[reason]}`).join(', ');
  return `${approved} approved, ${skipped} skipped: ${why}`;
}

/** Approves the chosen entries; answers are dropped once `token` is no longer current (the widget stopped). */
export async function approveChosen(api: Pick<HoursModule, 'approveMany'>, model: HoursReviewModel, token: RequestToken): Promise<void> {
  const queued = new Set(model.entries.peek().map((entry) => entry.id));
  const ids = [...model.selectedIds.peek()].filter((id) => queued.has(id));
  const results: HoursApprovalOutcome[] = [];
  model.bulk.value = { state: 'approving', done: 0, total: ids.length };
  try {
    for (let start = 0; start < ids.length; start += HOURS_BULK_APPROVAL_MAX) {
      const answer = await api.approveMany(ids.slice(start, start + HOURS_BULK_APPROVAL_MAX));
      if (!token.isCurrent()) return;
      results.push(...answer.results);
      const settled = new Set(answer.results.filter((result) => result.outcome === 'approved' || SETTLED.has(result.reason)).map((result) => result.id));
      const answered = new Set(answer.results.map((result) => result.id));
      batch(() => {
        leaveQueue(model, settled);
        model.selectedIds.value = new Set([...model.selectedIds.value].filter((id) => !answered.has(id)));
        model.bulk.value = { state: 'approving', done: Math.min(start + HOURS_BULK_APPROVAL_MAX, ids.length), total: ids.length };
      });
    }
    model.bulk.value = { state: 'done', message: bulkApprovalSummary(results) };
  } catch (thrown) {
    if (!token.isCurrent()) return;
    const sofar = results.length > 0 ? ` (${bulkApprovalSummary(results)} before that)` : '';
    model.bulk.value = { state: 'failed', message: `${portalErrorMessage(thrown)}${sofar}` };
  }
}
