import { describe, expect, it } from 'vitest';
import { PortalError, type HoursDownload, type HoursReview, type Page, type PageRequest, type ServiceHoursEntry } from '@opportunity-kit/sdk';
import { HOURS_MESSAGES } from '@opportunity-kit/sdk/domain';
import { aServiceHoursEntry } from '../testing/a-service-hours-entry.ts';
import { queuePagesOver } from '../testing/fake-hours.ts';
import { createHoursReviewController, type HoursReviewApi } from './hours-review-controller.ts';
import { createHoursReviewModel, QUEUE_PAGE_SIZE } from './hours-review-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The SDK's hours module over `queue`, reviewing like the server (a decision is final). */
function fakeHours(queue: ServiceHoursEntry[], options: { refuse?: PortalError; failQueue?: PortalError } = {}) {
  const sent: Array<{ id: string; review: HoursReview }> = [];
  const pages = queuePagesOver(queue);
  const api: HoursReviewApi = {
    queuePage: async (page) => {
      if (options.failQueue) throw options.failQueue;
      return pages(page);
    },
    review: async (id, review) => {
      if (options.refuse) throw options.refuse;
      sent.push({ id, review });
      const entry = queue.splice(
        queue.findIndex((candidate) => candidate.id === id),
        1,
      )[0] as ServiceHoursEntry;
      const approvedHours = review.decision === 'approved' ? entry.hours : review.decision === 'partial' ? (review.hours ?? 0) : 0;
      return { ...entry, status: review.decision, approvedHours, reviewComment: review.comment ?? null };
    },
    approveMany: async () => ({ results: [] }),
    exportCsv: async () => ({ fileName: 'community-involvement-hours.csv', blob: new Blob(['Student,Email']) }),
  };
  return { api, sent };
}

function review(api: HoursReviewApi) {
  const saved: HoursDownload[] = [];
  const controller = createHoursReviewController(api, createHoursReviewModel(), (file) => saved.push(file));
  return { controller, state: () => controller.state.value, actions: controller.actions, saved };
}

describe('hours review controller', () => {
  it('loads the queue when started, and an approved entry leaves it with a confirmation', async () => {
    const first = aServiceHoursEntry({ hours: 2.5, studentName: 'Maya Patel' });
    const second = aServiceHoursEntry({ status: 'disputed' });
    const { api, sent } = fakeHours([first, second]);
    const { controller, state, actions } = review(api);
    controller.start();
    expect(state().status).toBe('loading');
    await settle();
    expect(state().entries.map((entry) => entry.id)).toEqual([first.id, second.id]);

    actions.review(first.id, { decision: 'approved', hours: '', comment: '' });
    expect(state().review).toEqual({ state: 'saving', entryId: first.id });
    await settle();
    expect(sent).toEqual([{ id: first.id, review: { decision: 'approved', hours: null, comment: null } }]);
    expect(state().entries.map((entry) => entry.id)).toEqual([second.id]);
    expect(state().review).toEqual({ state: 'saved', message: 'Approved: 2.5 h count for Maya Patel.' });
  });

  it('refuses a partial approval that is not fewer hours, or has no comment, before anything is sent', async () => {
    const entry = aServiceHoursEntry({ hours: 3 });
    const { api, sent } = fakeHours([entry]);
    const { controller, state, actions } = review(api);
    controller.start();
    await settle();

    actions.review(entry.id, { decision: undefined, hours: '', comment: '' });
    expect(state().review).toMatchObject({ state: 'refused', errors: { decision: HOURS_MESSAGES.reviewDecisionRequired } });
    actions.review(entry.id, { decision: 'partial', hours: '3', comment: 'Lunch' });
    expect(state().review).toMatchObject({ state: 'refused', entryId: entry.id, errors: { hours: HOURS_MESSAGES.partialHours } });
    actions.review(entry.id, { decision: 'declined', hours: '', comment: '  ' });
    expect(state().review).toMatchObject({ state: 'refused', errors: { comment: HOURS_MESSAGES.commentRequired } });
    await settle();
    expect(sent).toEqual([]);
    expect(state().entries).toHaveLength(1);

    actions.review(entry.id, { decision: 'partial', hours: '2.25', comment: 'The last part was lunch.' });
    await settle();
    expect(sent[0]?.review).toEqual({ decision: 'partial', hours: 2.25, comment: 'The last part was lunch.' });
    expect(state().review).toEqual({ state: 'saved', message: 'Partially approved: 2.25 h of 3 h count for Maya Patel.' });
  });

  it("keeps the entry and shows the server's refusal, by field when it names one", async () => {
    const entry = aServiceHoursEntry();
    const alreadyReviewed = new PortalError('not-allowed', HOURS_MESSAGES.alreadyReviewed);
    const { api } = fakeHours([entry], { refuse: alreadyReviewed });
    const { controller, state, actions } = review(api);
    controller.start();
    await settle();
    actions.review(entry.id, { decision: 'approved', hours: '', comment: '' });
    await settle();
    expect(state().review).toEqual({ state: 'refused', entryId: entry.id, errors: {}, message: HOURS_MESSAGES.alreadyReviewed });
    expect(state().entries).toHaveLength(1);

    const byField = new PortalError('invalid-input', 'Please check the form', { fields: { comment: HOURS_MESSAGES.commentRequired } });
    const second = review(fakeHours([entry], { refuse: byField }).api);
    second.controller.start();
    await settle();
    second.actions.review(entry.id, { decision: 'declined', hours: '', comment: 'No' });
    await settle();
    expect(second.state().review).toEqual({ state: 'refused', entryId: entry.id, errors: { comment: HOURS_MESSAGES.commentRequired }, message: null });
  });

  it("reports a queue that could not load with the SDK's message, and loads again on retry", async () => {
    const options: { failQueue?: PortalError } = { failQueue: new PortalError('network') };
    const { api } = fakeHours([aServiceHoursEntry()], options);
    const { controller, state, actions } = review(api);
    controller.start();
    await settle();
    expect(state()).toMatchObject({ status: 'error', error: new PortalError('network').message });
    delete options.failQueue;
    actions.retry();
    await settle();
    expect(state()).toMatchObject({ status: 'ready', error: null });
    expect(state().entries).toHaveLength(1);
  });

  it('hands the CSV export to be saved, and says why when it fails', async () => {
    const { api } = fakeHours([]);
    const { controller, state, actions, saved } = review(api);
    controller.start();
    actions.exportTotals();
    expect(state().exportProgress).toEqual({ state: 'working' });
    await settle();
    expect(saved.map((file) => file.fileName)).toEqual(['community-involvement-hours.csv']);
    expect(state().exportProgress).toEqual({ state: 'idle' });

    const refused = new PortalError('not-allowed', HOURS_MESSAGES.onlyTeachersExport);
    const failing = review({ ...api, exportCsv: () => Promise.reject(refused) });
    failing.actions.exportTotals();
    await settle();
    expect(failing.state().exportProgress).toEqual({ state: 'failed', message: HOURS_MESSAGES.onlyTeachersExport });
    expect(failing.saved).toEqual([]);
  });

  describe('a queue of several pages', () => {
    /** The queue's pages over `queue`, each answered only when the test lets it (`next()`), or failed (`fail()`). */
    function pagedQueue(queue: ServiceHoursEntry[]) {
      const pages = queuePagesOver(queue);
      const asked: Array<{ page: PageRequest | undefined; answer(): void; fail(error: PortalError): void }> = [];
      const queuePage = (page?: PageRequest) =>
        new Promise<Page<ServiceHoursEntry>>((resolve, reject) => asked.push({ page, answer: () => resolve(pages(page)), fail: reject }));
      const api: HoursReviewApi = { ...fakeHours(queue).api, queuePage };
      const pending = () => asked.shift() as (typeof asked)[number];
      return { api, asked, next: async () => (pending().answer(), settle()), fail: async (error: PortalError) => (pending().fail(error), settle()) };
    }
    const aQueue = (count: number) => Array.from({ length: count }, (_, n) => aServiceHoursEntry({ status: n % 3 === 0 ? 'confirmed' : 'pending' }));

    it('shows the table with the first page, then adds each later page with how many are loaded', async () => {
      const queue = aQueue(250);
      const { api, asked, next } = pagedQueue(queue);
      const { controller, state } = review(api);
      controller.start();
      expect(asked.map((call) => call.page)).toEqual([{ limit: QUEUE_PAGE_SIZE }]);
      await next();
      expect(state()).toMatchObject({ status: 'ready', rest: { state: 'loading', total: 250 } });
      expect(state().entries).toHaveLength(100);
      expect(asked.map((call) => call.page?.cursor)).toEqual(['99']);
      await next();
      expect(state().entries).toHaveLength(200);
      await next();
      expect(state().rest).toEqual({ state: 'loaded', total: 250 });
      expect(state().entries.map((entry) => entry.id)).toEqual(queue.map((entry) => entry.id));
      expect(asked).toEqual([]);
    });

    it('filters, sorts and selects among the entries loaded so far', async () => {
      const { api, next } = pagedQueue(aQueue(150));
      const { controller, state, actions } = review(api);
      controller.start();
      await next();
      actions.filter({ status: 'confirmed' });
      expect(state().visibleEntries).toHaveLength(34);
      actions.toggleAllConfirmed();
      expect(state().selectedIds.size).toBe(34);
      await next();
      expect(state().visibleEntries).toHaveLength(50);
      expect(state().selectedIds.size).toBe(34);
    });

    it('keeps the entries loaded when a later page fails, says why, and loads the rest from that page on retry', async () => {
      const queue = aQueue(250);
      const { api, asked, next, fail } = pagedQueue(queue);
      const { controller, state, actions } = review(api);
      controller.start();
      await next();
      await next();
      await fail(new PortalError('network'));
      expect(state()).toMatchObject({ status: 'ready', rest: { state: 'failed', total: 250, message: new PortalError('network').message } });
      expect(state().entries).toHaveLength(200);
      actions.retryRest();
      expect(state().rest).toEqual({ state: 'loading', total: 250 });
      expect(asked.map((call) => call.page?.cursor)).toEqual(['199']);
      await next();
      expect(state().rest).toEqual({ state: 'loaded', total: 250 });
      expect(state().entries.map((entry) => entry.id)).toEqual(queue.map((entry) => entry.id));
    });

    it('takes an entry decided while the rest loads off the count', async () => {
      const queue = aQueue(250);
      const { api, next } = pagedQueue(queue);
      const { controller, state, actions } = review(api);
      controller.start();
      await next();
      actions.review((queue[0] as ServiceHoursEntry).id, { decision: 'approved', hours: '', comment: '' });
      await settle();
      expect(state().rest).toEqual({ state: 'loading', total: 249 });
      expect(state().entries).toHaveLength(99);
      await next();
      expect(state().rest).toEqual({ state: 'loading', total: 249 });
      expect(state().entries).toHaveLength(199);
    });

    it('stops loading the rest when the widget stops', async () => {
      const { api, asked, next } = pagedQueue(aQueue(250));
      const { controller, state } = review(api);
      const stop = controller.start();
      await next();
      stop();
      await next();
      expect(state().entries).toHaveLength(100);
      expect(asked).toEqual([]);
    });
  });
});
