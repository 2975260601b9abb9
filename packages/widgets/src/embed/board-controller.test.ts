import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { PublicClientError, type PublicClient, type PublicJobPage, type PublicJobQuery } from '@opportunity-kit/sdk/public';
import { aJob } from '../testing/a-job.ts';
import { createBoardController, SEARCH_DELAY_MS } from './board-controller.ts';
import { createBoardModel } from './board-model.ts';

/**
 * The controller's ordering rules, with an in-memory client whose answers the test releases one by
 * one (the client itself is tested against the backend in tests/contract/sdk-public.test.ts).
 */
function scriptedClient() {
  const calls: Array<{ query: PublicJobQuery; answer(page: Partial<PublicJobPage>): void; fail(): void }> = [];
  const client: PublicClient = {
    listJobs: (query = {}) =>
      new Promise((resolve, reject) => {
        calls.push({
          query,
          answer: (page) => resolve({ jobs: [], total: 0, nextCursor: null, ...page }),
          fail: () => reject(new PublicClientError('network', 'offline')),
        });
      }),
    getJob: async (id) => {
      if (id === 'gone') throw new PublicClientError('not-found', 'missing', 404, 'row_not_found');
      return aJob({ id });
    },
    imageUrl: () => null,
  };
  return { client, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('board controller', () => {
  it('shows the answer of the newest request, not of an older one that arrives late', async () => {
    const { client, calls } = scriptedClient();
    const model = createBoardModel({ search: '', postingType: '', location: '' });
    const controller = createBoardController(client, model);
    void controller.load();
    void controller.applyFilters({ postingType: 'Gig' });
    calls[1]!.answer({ jobs: [aJob({ title: 'Dog walker' })], total: 1 });
    calls[0]!.answer({ jobs: [aJob({ title: 'Stale' })], total: 1 });
    await settle();
    expect(calls[1]!.query).toMatchObject({ postingType: 'Gig', limit: 12 });
    expect(model.status.value).toBe('ready');
    expect(model.jobs.value.map((job) => job.title)).toEqual(['Dog walker']);
  });

  it('searches once typing rests, with the last text', async () => {
    vi.useFakeTimers();
    const { client, calls } = scriptedClient();
    const model = createBoardModel({ search: '', postingType: '', location: '' });
    const controller = createBoardController(client, model);
    controller.typeSearch('ba');
    controller.typeSearch('barista');
    expect(model.filters.value.search).toBe('barista');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.query.search)).toEqual(['barista']);
  });

  it('appends the next page, and reports a failure as the error state', async () => {
    const { client, calls } = scriptedClient();
    const model = createBoardModel({ search: '', postingType: '', location: '' });
    const controller = createBoardController(client, model);
    void controller.load();
    calls[0]!.answer({ jobs: [aJob({ id: 'a' })], total: 2, nextCursor: 'a' });
    await settle();
    void controller.loadMore();
    expect(calls[1]!.query.cursor).toBe('a');
    calls[1]!.answer({ jobs: [aJob({ id: 'b' })], total: 2 });
    await settle();
    expect(model.jobs.value.map((job) => job.id)).toEqual(['a', 'b']);
    expect(model.nextCursor.value).toBeNull();
    void controller.load();
    calls[2]!.fail();
    await settle();
    expect(model.status.value).toBe('error');
  });

  it('keeps the cards when "Load more" fails, says why, and the same button retries', async () => {
    const { client, calls } = scriptedClient();
    const model = createBoardModel({ search: '', postingType: '', location: '' });
    const controller = createBoardController(client, model);
    void controller.load();
    calls[0]!.fail();
    await settle();
    expect(model.error.value).toBe(MESSAGES.genericError);

    void controller.load();
    calls[1]!.answer({ jobs: [aJob({ id: 'a' })], total: 2, nextCursor: 'a' });
    await settle();
    expect(model.error.value).toBeNull();
    void controller.loadMore();
    calls[2]!.fail();
    await settle();
    expect(model.status.value).toBe('ready');
    expect(model.jobs.value.map((job) => job.id)).toEqual(['a']);
    expect(model.loadMoreError.value).toBe(MESSAGES.genericError);

    void controller.loadMore();
    expect(model.loadMoreError.value).toBeNull();
    expect(calls[3]!.query.cursor).toBe('a');
    calls[3]!.answer({ jobs: [aJob({ id: 'b' })], total: 2 });
    await settle();
    expect(model.jobs.value.map((job) => job.id)).toEqual(['a', 'b']);
  });

  it('opens a linked posting, or says it is missing', async () => {
    const { client } = scriptedClient();
    const model = createBoardModel({ search: '', postingType: '', location: '' });
    const controller = createBoardController(client, model);
    await controller.openById('j9');
    expect(model.detail.value).toMatchObject({ status: 'ready', job: { id: 'j9' } });
    await controller.openById('gone');
    expect(model.detail.value).toEqual({ status: 'missing' });
    controller.close();
    expect(model.detail.value).toEqual({ status: 'closed' });
  });
});
