import { afterEach, describe, expect, it, vi } from 'vitest';
import { PortalError, type Page } from '@opportunity-kit/sdk';
import type { Job } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { createJobBoardController, SEARCH_DELAY_MS, toJobFilter, type JobBoardApi } from './job-board-controller.ts';
import { createJobBoardModel, NO_FILTERS, type JobBoardFilters } from './job-board-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function board(jobs = [aJob({ id: 'a' }), aJob({ id: 'b' }), aJob({ id: 'c', postingType: 'Gig' })], viewer = { id: 'student1', role: 'student' as const }) {
  const api = fakeJobs(jobs, viewer);
  const model = createJobBoardModel('Job');
  const controller = createJobBoardController(api, model, { pageSize: 2 });
  return { api, controller, state: () => controller.state.value, actions: controller.actions };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('job board controller', () => {
  it('loads the first page of its posting type and follows live changes until stopped', async () => {
    const { api, controller, state } = board();
    const stop = controller.start();
    expect(state().status).toBe('loading');
    await settle();
    expect(state().status).toBe('ready');
    expect(state()).toMatchObject({ jobs: [{ id: 'a' }, { id: 'b' }], total: 2, hasMore: false });
    expect(api.calls[0]).toEqual({ call: 'list', args: [{ postingType: 'Job' }, { limit: 2 }] });
    expect(api.subscribers()).toBe(1);

    api.emit('create', aJob({ id: 'new', createdAt: '2030-01-01T00:00:00.000+00:00' }));
    api.emit('create', aJob({ id: 'gig', postingType: 'Gig' }));
    api.emit('delete', aJob({ id: 'b' }));
    expect(state().jobs.map((job) => job.id)).toEqual(['new', 'a']);
    expect(state().total).toBe(2);

    stop();
    await settle();
    expect(api.subscribers()).toBe(0);
    api.emit('delete', aJob({ id: 'a' }));
    expect(state().jobs.map((job) => job.id)).toEqual(['new', 'a']);
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
    const { api, controller, state, actions } = board();
    controller.start();
    actions.setFilters({ startDate: '2027-01-01', endDate: '2027-02-01' });
    actions.setStartDate('2027-03-01');
    expect(state().filters).toMatchObject({ startDate: '2027-03-01', endDate: undefined });
    actions.setStartDate('2027-01-15');
    actions.setFilters({ endDate: '2027-04-01' });
    actions.setStartDate('2027-02-01');
    expect(state().filters).toMatchObject({ startDate: '2027-02-01', endDate: '2027-04-01' });
    actions.setStartDate(undefined);
    expect(state().filters).toMatchObject({ startDate: undefined, endDate: undefined });
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
    const controller = createJobBoardController(api, createJobBoardModel('Job'));
    controller.start();
    controller.actions.setFilters({ locations: ['Guelph'] });
    answers[1]!({ items: [aJob({ id: 'guelph' })], total: 1, nextCursor: null });
    answers[0]!({ items: [aJob({ id: 'stale' })], total: 1, nextCursor: null });
    await settle();
    expect(controller.state.value.status).toBe('ready');
    expect(controller.state.value.jobs.map((job) => job.id)).toEqual(['guelph']);
  });

  it('asks which shown postings the student applied to, page by page, and keeps the list when that fails', async () => {
    const api = fakeJobs([aJob({ id: 'a' }), aJob({ id: 'b' }), aJob({ id: 'c' })]);
    const asked: string[][] = [];
    let failing = false;
    const applications = {
      async appliedTo(ids: readonly string[]) {
        asked.push([...ids]);
        if (failing) throw new PortalError('network');
        return new Map(
          ids
            .filter((id) => id !== 'b')
            .map((id) => [id, { applicationId: `app-${id}`, jobId: id, status: 'pending' as const, postingRemoved: false, appliedAt: '' }]),
        );
      },
    };
    const controller = createJobBoardController(api, createJobBoardModel('Job'), { pageSize: 2, applications });
    controller.start();
    await settle();
    expect([...controller.state.value.appliedJobIds]).toEqual(['a']);
    failing = true;
    controller.actions.loadMore();
    await settle();
    expect(asked).toEqual([['a', 'b'], ['c']]);
    expect(controller.state.value.jobs.map((job) => job.id)).toEqual(['a', 'b', 'c']);
    expect([...controller.state.value.appliedJobIds]).toEqual(['a']);
  });

  it('tells the host each new state of the panel, typed search included', () => {
    const seen: JobBoardFilters[] = [];
    const { actions } = createJobBoardController(fakeJobs([]), createJobBoardModel('Job'), { onFiltersChange: (filters) => seen.push(filters) });
    actions.setFilters({ locations: ['Guelph'] });
    actions.typeSearch('barista');
    expect(seen).toEqual([
      { ...NO_FILTERS, locations: ['Guelph'] },
      { ...NO_FILTERS, locations: ['Guelph'], search: 'barista' },
    ]);
  });

  it('asks for a correction only when a search found nothing, shows it, and searches it on request (issue 25)', async () => {
    const jobs = fakeJobs([aJob({ id: 'cashier', title: 'Cashier' })]);
    const suggestSearch = vi.fn(async () => 'cashier');
    const api: JobBoardApi = { list: jobs.list, subscribe: jobs.subscribe, recordView: jobs.recordView, suggestSearch };
    const controller = createJobBoardController(api, createJobBoardModel('Job', { ...NO_FILTERS, search: 'cashr' }));
    const stop = controller.start();
    await vi.waitFor(() => expect(controller.state.value.searchSuggestion).toBe('cashier'));
    expect(suggestSearch).toHaveBeenCalledWith({ postingType: 'Job', search: 'cashr' });

    controller.actions.searchFor?.('cashier');
    expect(controller.state.value.searchSuggestion).toBeNull();
    await vi.waitFor(() => expect(controller.state.value.jobs.map((job) => job.id)).toEqual(['cashier']));
    await settle();
    // The search found something: no correction asked.
    expect(suggestSearch).toHaveBeenCalledTimes(1);
    expect(controller.state.value.filters.search).toBe('cashier');
    stop();
  });

  it('searches once typing rests, with the last text', async () => {
    vi.useFakeTimers();
    const { api, state, actions } = board();
    actions.typeSearch('ba');
    actions.typeSearch('barista');
    expect(state().filters.search).toBe('barista');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(api.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.calls.map((call) => (call.args[0] as { search?: string }).search)).toEqual(['barista']);
  });

  it('appends the next page, and keeps the shown cards when "Load more" fails', async () => {
    const { api, controller, state, actions } = board([aJob({ id: 'a' }), aJob({ id: 'b' }), aJob({ id: 'c' }), aJob({ id: 'd' }), aJob({ id: 'e' })]);
    controller.start();
    await settle();
    actions.loadMore();
    await settle();
    expect(api.calls.at(-1)?.args[1]).toEqual({ cursor: 'b', limit: 2 });
    expect(state().jobs.map((job) => job.id)).toEqual(['a', 'b', 'c', 'd']);
    api.fail('list', new PortalError('network'));
    actions.loadMore();
    await settle();
    expect(state().jobs).toHaveLength(4);
    expect(state().moreError).toMatch(/could not reach the server/);
    expect(state().loadingMore).toBe(false);
  });

  it("reports a failed first page with the SDK's message", async () => {
    const { api, controller, state } = board();
    api.fail('list', new PortalError('not-allowed', 'The current user is not authorized to perform the requested action.'));
    controller.start();
    await settle();
    expect(state().status).toBe('error');
    expect(state().error).toBe('The current user is not authorized to perform the requested action.');
  });

  it('counts one view per opened card, and a failure to count does not surface', async () => {
    const { api, actions } = board();
    actions.open(aJob({ id: 'a' }));
    await settle();
    expect(api.calls).toEqual([{ call: 'recordView', args: ['a'] }]);
    api.fail('recordView');
    actions.open(aJob({ id: 'a' }));
    await settle();
    expect(api.calls.filter((call) => call.call === 'recordView')).toHaveLength(2);
  });
});
