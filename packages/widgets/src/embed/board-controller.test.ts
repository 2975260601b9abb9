import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { PublicClientError, type Job, type PublicClient, type PublicJobPage, type PublicJobQuery } from '@opportunity-kit/sdk/public';
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

function board(client: PublicClient) {
  const controller = createBoardController(client, createBoardModel({ search: '', postingType: '', location: '' }));
  return { controller, state: () => controller.state.value, actions: controller.actions };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('board controller', () => {
  it('shows the answer of the newest request, not of an older one that arrives late', async () => {
    const { client, calls } = scriptedClient();
    const { controller, state, actions } = board(client);
    controller.start();
    actions.setFilters({ postingType: 'Gig' });
    calls[1]!.answer({ jobs: [aJob({ title: 'Dog walker' })], total: 1 });
    calls[0]!.answer({ jobs: [aJob({ title: 'Stale' })], total: 1 });
    await settle();
    expect(calls[1]!.query).toMatchObject({ postingType: 'Gig', limit: 12 });
    expect(state().status).toBe('ready');
    expect(state().jobs.map((job) => job.title)).toEqual(['Dog walker']);
  });

  it('searches once typing rests, with the last text', async () => {
    vi.useFakeTimers();
    const { client, calls } = scriptedClient();
    const { state, actions } = board(client);
    actions.typeSearch('ba');
    actions.typeSearch('barista');
    expect(state().filters.search).toBe('barista');
    await vi.advanceTimersByTimeAsync(SEARCH_DELAY_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.query.search)).toEqual(['barista']);
  });

  it('appends the next page, and reports a failure as the error state', async () => {
    const { client, calls } = scriptedClient();
    const { controller, state, actions } = board(client);
    controller.start();
    calls[0]!.answer({ jobs: [aJob({ id: 'a' })], total: 2, nextCursor: 'a' });
    await settle();
    actions.loadMore();
    expect(calls[1]!.query.cursor).toBe('a');
    calls[1]!.answer({ jobs: [aJob({ id: 'b' })], total: 2 });
    await settle();
    expect(state().jobs.map((job) => job.id)).toEqual(['a', 'b']);
    expect(state().hasMore).toBe(false);
    actions.retry();
    calls[2]!.fail();
    await settle();
    expect(state().status).toBe('error');
  });

  it('keeps the cards when "Load more" fails, says why, and the same button retries', async () => {
    const { client, calls } = scriptedClient();
    const { controller, state, actions } = board(client);
    controller.start();
    calls[0]!.fail();
    await settle();
    expect(state().error).toBe(MESSAGES.genericError);

    actions.retry();
    calls[1]!.answer({ jobs: [aJob({ id: 'a' })], total: 2, nextCursor: 'a' });
    await settle();
    expect(state().error).toBeNull();
    actions.loadMore();
    calls[2]!.fail();
    await settle();
    expect(state().status).toBe('ready');
    expect(state().jobs.map((job) => job.id)).toEqual(['a']);
    expect(state().moreError).toBe(MESSAGES.genericError);

    actions.loadMore();
    expect(state().moreError).toBeNull();
    expect(calls[3]!.query.cursor).toBe('a');
    calls[3]!.answer({ jobs: [aJob({ id: 'b' })], total: 2 });
    await settle();
    expect(state().jobs.map((job) => job.id)).toEqual(['a', 'b']);
  });

  it('opens a linked posting, or says it is missing', async () => {
    const { client } = scriptedClient();
    const { state, actions } = board(client);
    actions.openById('j9');
    await settle();
    expect(state().detail).toMatchObject({ status: 'ready', job: { id: 'j9' } });
    actions.openById('gone');
    await settle();
    expect(state().detail).toEqual({ status: 'missing' });
    actions.close();
    expect(state().detail).toEqual({ status: 'closed' });
  });

  it('keeps the detail closed when a linked posting arrives after the visitor closed it', async () => {
    let answer: (job: Job) => void = () => {};
    const { client } = scriptedClient();
    const { state, actions } = board({ ...client, getJob: () => new Promise((resolve) => (answer = resolve)) });
    actions.openById('j9');
    actions.close();
    answer(aJob({ id: 'j9' }));
    await settle();
    expect(state().detail).toEqual({ status: 'closed' });
  });

  it('drops every answer still on its way once stopped, and loads again when started again', async () => {
    let answer: (job: Job) => void = () => {};
    const { client, calls } = scriptedClient();
    const { controller, state, actions } = board({ ...client, getJob: () => new Promise((resolve) => (answer = resolve)) });
    const stop = controller.start();
    actions.openById('j9');
    stop();
    calls[0]!.answer({ jobs: [aJob({ id: 'a' })], total: 1 });
    answer(aJob({ id: 'j9' }));
    await settle();
    expect(state()).toMatchObject({ status: 'loading', jobs: [], detail: { status: 'loading' } });

    controller.start();
    calls[1]!.answer({ jobs: [aJob({ id: 'a' })], total: 1 });
    await settle();
    expect(state()).toMatchObject({ status: 'ready', total: 1 });
  });
});
