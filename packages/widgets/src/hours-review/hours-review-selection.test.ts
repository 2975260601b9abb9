import { describe, expect, it } from 'vitest';
import type { ServiceHoursEntry } from '@opportunity-kit/sdk';
import { PortalError } from '@opportunity-kit/sdk';
import { aServiceHoursEntry } from '../testing/a-service-hours-entry.ts';
import { fakeHoursReview } from '../testing/fake-hours.ts';
import { bulkApprovalSummary } from './hours-review-bulk.ts';
import { createHoursReviewController, type HoursReviewApi } from './hours-review-controller.ts';
import { createHoursReviewModel, ROWS_PER_STEP } from './hours-review-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function started(api: HoursReviewApi) {
  const controller = createHoursReviewController(api, createHoursReviewModel(), () => undefined);
  controller.start();
  await settle();
  return { state: () => controller.state.value, actions: controller.actions };
}

const ids = (entries: readonly ServiceHoursEntry[]) => entries.map((entry) => entry.id);

describe('hours review filters and sort', () => {
  const maya = aServiceHoursEntry({ studentId: 'maya', studentName: 'Maya Patel', organisation: 'Riverside Food Bank', date: '2026-10-01' });
  const leo = aServiceHoursEntry({ studentId: 'leo', studentName: 'Leo Chen', organisation: 'Hamilton Public Library', date: '2026-10-05', hours: 5 });
  const ana = aServiceHoursEntry({
    studentId: 'ana',
    studentName: 'Ana Silva',
    organisation: 'Riverside Food Bank',
    activity: 'Ran the coat drive.',
    status: 'disputed',
    date: '2026-10-09',
  });

  it('keeps only the entries every filter and each search word match, and offers the students and organisations present', async () => {
    const { state, actions } = await started(fakeHoursReview([maya, leo, ana]).api);
    expect(state().students).toEqual([
      { id: 'ana', name: 'Ana Silva' },
      { id: 'leo', name: 'Leo Chen' },
      { id: 'maya', name: 'Maya Patel' },
    ]);
    expect(state().organisations).toEqual(['Hamilton Public Library', 'Riverside Food Bank']);
    actions.filter({ organisation: 'Riverside Food Bank' });
    expect(ids(state().visibleEntries)).toEqual([maya.id, ana.id]);
    actions.filter({ status: 'disputed' });
    expect(ids(state().visibleEntries)).toEqual([ana.id]);
    actions.clearFilters();
    actions.filter({ search: 'COAT  silva' });
    expect(ids(state().visibleEntries)).toEqual([ana.id]);
    actions.filter({ search: 'chen' });
    expect(ids(state().visibleEntries)).toEqual([leo.id]);
    actions.filter({ search: '', from: '2026-10-02', to: '2026-10-05' });
    expect(ids(state().visibleEntries)).toEqual([leo.id]);
    actions.filter({ from: '', to: '', studentId: 'maya' });
    expect(ids(state().visibleEntries)).toEqual([maya.id]);
  });

  it('sorts by a column ascending, then descending, ties in the queue order', async () => {
    const { state, actions } = await started(fakeHoursReview([maya, leo, ana]).api);
    expect(state().sort).toEqual({ column: 'status', direction: 'ascending' });
    actions.sortBy('student');
    expect(ids(state().visibleEntries)).toEqual([ana.id, leo.id, maya.id]);
    actions.sortBy('student');
    expect(state().sort).toEqual({ column: 'student', direction: 'descending' });
    expect(ids(state().visibleEntries)).toEqual([maya.id, leo.id, ana.id]);
    actions.sortBy('hours');
    expect(ids(state().visibleEntries).at(-1)).toBe(leo.id);
  });

  it('renders the rows in steps, starting again when a filter changes', async () => {
    const many = Array.from({ length: 250 }, () => aServiceHoursEntry());
    const { state, actions } = await started(fakeHoursReview(many).api);
    expect(state().rowLimit).toBe(ROWS_PER_STEP);
    actions.showMore();
    expect(state().rowLimit).toBe(2 * ROWS_PER_STEP);
    actions.filter({ search: 'maya' });
    expect(state().rowLimit).toBe(ROWS_PER_STEP);
  });
});

describe('approving the chosen entries at once', () => {
  it('chooses only confirmed entries the filters show, and forgets those a filter hides', async () => {
    const food = aServiceHoursEntry({ organisation: 'Riverside Food Bank' });
    const library = aServiceHoursEntry({ organisation: 'Hamilton Public Library' });
    const disputed = aServiceHoursEntry({ organisation: 'Riverside Food Bank', status: 'disputed' });
    const { state, actions } = await started(fakeHoursReview([food, library, disputed]).api);
    actions.toggleSelected(disputed.id);
    expect(state().selectedIds.size).toBe(0);
    actions.toggleAllConfirmed();
    expect([...state().selectedIds]).toEqual([food.id, library.id]);
    actions.filter({ organisation: 'Riverside Food Bank' });
    expect([...state().selectedIds]).toEqual([food.id]);
    actions.toggleAllConfirmed();
    expect(state().selectedIds.size).toBe(0);
  });

  it('asks first, then approves 50 per request, takes the settled entries off the queue and says what happened', async () => {
    const confirmed = Array.from({ length: 120 }, () => aServiceHoursEntry());
    const pending = aServiceHoursEntry({ status: 'pending' });
    const takenMeanwhile = new Set([confirmed[3]!.id, confirmed[70]!.id]);
    const { api, approveCalls } = fakeHoursReview([...confirmed, pending], takenMeanwhile);
    const { state, actions } = await started(api);
    actions.toggleAllConfirmed();
    actions.requestApproval();
    expect(state().bulk).toEqual({ state: 'confirming', count: 120 });
    actions.cancelApproval();
    expect(state().bulk).toEqual({ state: 'idle' });
    expect(approveCalls).toEqual([]);

    actions.requestApproval();
    actions.confirmApproval();
    expect(state().bulk).toEqual({ state: 'approving', done: 0, total: 120 });
    await settle();
    expect(approveCalls.map((call) => call.length)).toEqual([50, 50, 20]);
    expect(state().bulk).toEqual({ state: 'done', message: '118 approved, 2 skipped: already reviewed' });
    expect(ids(state().entries)).toEqual([pending.id]);
    expect(state().selectedIds.size).toBe(0);
  });

  it('says why an approval failed, and what earlier requests approved before it', async () => {
    const confirmed = Array.from({ length: 60 }, () => aServiceHoursEntry());
    const { api } = fakeHoursReview([...confirmed]);
    let calls = 0;
    const failing: HoursReviewApi = {
      ...api,
      approveMany: async (chosen) => {
        calls += 1;
        if (calls === 2) throw new PortalError('network');
        return api.approveMany(chosen);
      },
    };
    const { state, actions } = await started(failing);
    actions.toggleAllConfirmed();
    actions.requestApproval();
    actions.confirmApproval();
    await settle();
    expect(state().bulk).toEqual({ state: 'failed', message: `${new PortalError('network').message} (50 approved before that)` });
    expect(state().entries).toHaveLength(10);
    expect(state().selectedIds.size).toBe(10);
  });

  it('counts each reason when entries were skipped for several', () => {
    expect(
      bulkApprovalSummary([
        { id: 'a', outcome: 'skipped', reason: 'already-reviewed' },
        { id: 'b', outcome: 'skipped', reason: 'not-found' },
        { id: 'c', outcome: 'skipped', reason: 'already-reviewed' },
      ]),
    ).toBe('0 approved, 3 skipped: 2 already reviewed, 1 not found');
    expect(bulkApprovalSummary([{ id: 'a', outcome: 'approved', entry: aServiceHoursEntry({ status: 'approved' }) }])).toBe('1 approved');
  });
});
