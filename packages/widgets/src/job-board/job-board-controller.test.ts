import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalError, type Page } from '@opportunity-kit/sdk';
import type { Job } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { createJobBoardController, SEARCH_DELAY_MS, toJobFilter, type JobBoardApi } from './job-board-controller.ts';
import { createJobBoardModel, NO_FILTERS } from './job-board-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function board(jobs = [aJob({ id: 'a' }), aJob({ id: 'b' }), aJob({ id: 'c', postingType: 'Gig' })], viewer = { id: 'student1', role: 'student' as const }) {
  const api = fakeJobs(jobs, viewer);
  const model = createJobBoardModel('Job');
  const controller = createJobBoardController(api, model, 2);
  return { api, model, controller };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('job board controller', () => {
  it('loads the first page of its posting type and follows live changes until stopped', async () => {
    const { api, model, controller } = board();
    const stop = controller.start();
    expect(model.status.value).toBe('loading');
    await settle();
    expect(model.status.value).toBe('ready');
    expect(model.page.value).toMatchObject({ items: [{ id: 'a' }, { id: 'b' }], total: 2, nextCursor: null });
    expect(api.calls[0]).toEqual({ call: 'list', args: [{ postingType: 'Job' }, { limit: 2 }] });
    expect(api.subscribers()).toBe(1);

    api.emit('create', aJob({ id: 'new', createdAt: '2030-01-01T00:00:00.000+00:00' }));
    api.emit('create', aJob({ id: 'gig', postingType: 'Gig' }));
    api.emit('delete', aJob({ id: 'b' }));
    expect(model.page.value.items.map((job) => job.id)).toEqual(['new', 'a']);
    expect(model.page.value.total).toBe(2);

    stop();
    await settle();
    expect(api.subscribers()).toBe(0);
    api.emit('delete', aJob({ id: 'a' }));
    expect(model.page.value.items.map((job) => job.id)).toEqual(['new', 'a']);
  });

  it('turns the panel into the SDK filter: the end date only with a start date, and no empty values', () => {
    expect(toJobFilter('Gig', NO_FILTERS)).toEqual({ postingType: 'Gig' });
    expect(
      toJobFilter('Job', {
        ...NO_FILTERS,
        search: '  barista ',
        locations: ['Oakville'],
        clusters: ['Law'],
        endDate: '2027-01-01',
        sortByViews: true,
        privateOnly: true,
      }),
    ).toEqual({ postingType: 'Job', search: 'barista', locations: ['Oakville'], clusters: ['Law'], sortByViews: true, privateOnly: true });
    expect(toJobFilter('Job', { ...NO_FILTERS, startDate: '2027-01-01', endDate: '2027-02-01' })).toEqual({
      postingType: 'Job',
      startDate: '2027-01-01',
      endDate: '2027-02-01',
    });
  });

  it('clears an end date earlier than a newly chosen start date, and reloads with the new filter', async () => {
    const { api, model, controller } = board();
    controller.start();
    controller.setFilters({ startDate: '2027-01-01', endDate: '2027-02-01' });
    controller.setStartDate('2027-03-01');
    expect(model.filters.value).toMatchObject({ startDate: '2027-03-01', endDate: undefined });
    controller.setStartDate('2027-01-15');
    controller.setFilters({ endDate: '2027-04-01' });
    controller.setStartDate('2027-02-01');
    expect(model.filters.value).toMatchObject({ startDate: '2027-02-01', endDate: '2027-04-01' });
    controller.setStartDate(undefined);
    expect(model.filters.value).toMatchObject({ startDate: undefined, endDate: undefined });
    await settle();
    const lists = api.calls.filter((call) => call.call === 'list');
    expect(lists.at(-2)?.args[0]).toEqual({ postingType: 'Job', startDate: '2027-02-01', endDate: '2027-04-01' });
    expect(lists.at(-1)?.args[0]).toEqual({ postingType: 'Job' });
    // Each filter gets its own subscription, so live changes are matched against what is shown.
    expect(api.subscribers()).toBe(1);
  });

  it('shows the answer of the newest request, not of an older one that arrives late', async () => {
    const answers: Array<(page: Page<Job>) => void> = [];
    const api: JobBoardApi = {
      list: () => new Promise((resolve) => answers.push(resolve)),
      subscribe: () => async () => undefined,
      recordView: async () => 1,
    };
    const model = createJobBoardModel('Job');
    const controller = createJobBoardController(api, model);
    controller.start();
    controller.setFilters({ locations: ['Guelph'] });
    answers[1]!({ items: [aJob({ id: 'guelph' })], total: 1, nextCursor: null });
    answers[0]!({ items: [aJob({ id: 'stale' })], total: 1, nextCursor: null });
    await settle();
    expect(model.status.value).toBe('ready');
    expect(model.page.value.items.map((job) => job.id)).toEqual(['guelph']);
  });

  it('searches once typing rests, with the last text', async () => {
    vi.useFakeTimers();
    const { api, model, controller } = board();
    controller.typeSearch('ba');
    controller.typeSearch('barista');
    expect(model.filters.value.search).toBe('barista');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls.map((call) => (call.args[0] as { search?: string }).search)).toEqual(['barista']);
  });

  it('appends the next page, and keeps the shown cards when "Load more" fails', async () => {
    const { api, model, controller } = board([aJob({ id: 'a' }), aJob({ id: 'b' }), aJob({ id: 'c' }), aJob({ id: 'd' }), aJob({ id: 'e' })]);
    controller.start();
    await settle();
    await controller.loadMore();
    expect(api.calls.at(-1)?.args[1]).toEqual({ cursor: 'b', limit: 2 });
    expect(model.page.value.items.map((job) => job.id)).toEqual(['a', 'b', 'c', 'd']);
    api.fail('list', new PortalError('network'));
    await controller.loadMore();
    expect(model.page.value.items).toHaveLength(4);
    expect(model.moreError.value).toMatch(/could not reach the server/);
    expect(model.loadingMore.value).toBe(false);
  });

  it("reports a failed first page with the SDK's message", async () => {
    const { api, model, controller } = board();
    api.fail('list', new PortalError('not-allowed', 'The current user is not authorized to perform the requested action.'));
    controller.start();
    await settle();
    expect(model.status.value).toBe('error');
    expect(model.error.value).toBe('The current user is not authorized to perform the requested action.');
  });

  it('counts one view per opened card, and a failure to count does not surface', async () => {
    const { api, controller } = board();
    controller.open(aJob({ id: 'a' }));
    await settle();
    expect(api.calls).toEqual([{ call: 'recordView', args: ['a'] }]);
    api.fail('recordView');
    controller.open(aJob({ id: 'a' }));
    await settle();
    expect(api.calls.filter((call) => call.call === 'recordView')).toHaveLength(2);
  });
});
