import { describe, expect, it } from 'vitest';
import { PortalError, type Page, type PageRequest } from '@opportunity-kit/sdk';
import type { Profile } from '@opportunity-kit/sdk/domain';
import { aProfile } from '../testing/a-profile.ts';
import { createNetworkGridController, type NetworkGridApi } from './network-grid-controller.ts';
import { createNetworkGridModel } from './network-grid-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A profiles module whose pages wait until the test answers them. */
function heldProfiles() {
  const requests: Array<{ page: PageRequest | undefined; answer(page: Page<Profile>): void; fail(error: unknown): void }> = [];
  const api: NetworkGridApi = {
    listPublic: (page) => new Promise((answer, fail) => requests.push({ page, answer, fail })),
  };
  return { api, requests };
}

describe('network grid controller', () => {
  it('loads the first page when started, and pages on with "Show more", keeping the profiles when it fails', async () => {
    const { api, requests } = heldProfiles();
    const controller = createNetworkGridController(api, createNetworkGridModel(), 1);
    controller.start();
    expect(controller.state.value.status).toBe('loading');
    requests[0]!.answer({ items: [aProfile({ id: 'u-ana', name: 'Ana Lima' })], total: 2, nextCursor: 'u-ana' });
    await settle();
    expect(controller.state.value).toMatchObject({ status: 'ready', hasMore: true, profiles: [{ name: 'Ana Lima' }] });

    controller.actions.loadMore();
    expect(requests[1]!.page).toEqual({ limit: 1, cursor: 'u-ana' });
    expect(controller.state.value.loadingMore).toBe(true);
    requests[1]!.fail(new PortalError('network'));
    await settle();
    expect(controller.state.value).toMatchObject({ loadingMore: false, moreError: new PortalError('network').message, profiles: [{ name: 'Ana Lima' }] });

    controller.actions.loadMore();
    requests[2]!.answer({ items: [aProfile({ id: 'u-lee', name: 'Lee Chen' })], total: 2, nextCursor: null });
    await settle();
    expect(controller.state.value).toMatchObject({ hasMore: false, moreError: null });
    expect(controller.state.value.profiles.map((profile) => profile.name)).toEqual(['Ana Lima', 'Lee Chen']);
  });

  it('says why the first page failed, as the SDK words it, and retries', async () => {
    const { api, requests } = heldProfiles();
    const controller = createNetworkGridController(api, createNetworkGridModel());
    controller.start();
    requests[0]!.fail(new PortalError('not-allowed', 'Only signed-in members can see the network.'));
    await settle();
    expect(controller.state.value).toMatchObject({ status: 'error', error: 'Only signed-in members can see the network.' });
    controller.actions.retry();
    expect(controller.state.value).toMatchObject({ status: 'loading', error: null });
    expect(requests[1]!.page).toEqual({ limit: 24 });
  });

  it('drops a page that arrives after it stopped', async () => {
    const { api, requests } = heldProfiles();
    const controller = createNetworkGridController(api, createNetworkGridModel());
    const stop = controller.start();
    stop();
    requests[0]!.answer({ items: [aProfile()], total: 1, nextCursor: null });
    await settle();
    expect(controller.state.value).toMatchObject({ status: 'loading', profiles: [] });
  });
});
