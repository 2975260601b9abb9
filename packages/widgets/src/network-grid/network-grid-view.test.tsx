import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PortalError, type PageRequest } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aProfile } from '../testing/a-profile.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { NetworkGrid } from './network-grid.tsx';
import type { NetworkGridApi } from './network-grid-controller.ts';
import { NetworkGridView, type NetworkGridViewProps } from './network-grid-view.tsx';
import type { NetworkGridActions, NetworkGridState } from './network-grid-model.ts';

const photoUrl = (id: string) => `https://files.example/profile-photos/${id}`;
const files = { viewUrl: (_bucket: string, id: string) => photoUrl(id) };

const ready: NetworkGridState = { status: 'ready', error: null, profiles: [], total: 0, hasMore: false, loadingMore: false, moreError: null };

function someActions(): NetworkGridActions {
  return { loadMore: vi.fn(), retry: vi.fn() };
}

function view(state: Partial<NetworkGridState> = {}, props: Partial<NetworkGridViewProps> = {}) {
  return render(<NetworkGridView state={{ ...ready, ...state }} actions={someActions()} photoUrl={photoUrl} {...props} />);
}

describe('NetworkGridView', () => {
  it('shows each public profile as one link to /network/{email}, described by role, school and interests', async () => {
    const ana = aProfile({ name: 'Ana Lima', email: '1ana@school.example', photoFileId: 'ph1', interests: 'Robotics, , Art' });
    const lee = aProfile({ name: 'Lee Chen', role: 'teacher', school: 'Lakeside', interests: '' });
    const { container } = view({ profiles: [ana, lee] });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MESSAGES.discoverNetwork);
    expect(screen.getAllByRole('link')).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'Ana Lima' });
    expect(link.getAttribute('href')).toBe('/network/1ana%40school.example');
    const details = document.getElementById(link.getAttribute('aria-describedby') ?? '');
    expect(details?.textContent).toBe('Student · Lakeside Secondary SchoolRoboticsArt');
    expect((container.querySelector('img') as HTMLImageElement).src).toBe(photoUrl('ph1'));
    expect(screen.getByText('Teacher · Lakeside')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('hands a plain click to a router', async () => {
    const onOpen = vi.fn();
    const ana = aProfile({ name: 'Ana Lima' });
    view({ profiles: [ana] }, { onOpen });
    await userEvent.click(screen.getByRole('link', { name: 'Ana Lima' }));
    expect(onOpen).toHaveBeenCalledWith(ana);
  });

  it('draws profile card skeletons while loading, hidden from screen readers, which hear "Loading..."', async () => {
    const { container } = view({ status: 'loading' });
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(MESSAGES.loading);
    const shapes = status.querySelector('[aria-hidden="true"]');
    expect(shapes?.classList.contains('ok-network-grid__list')).toBe(true);
    expect(shapes?.querySelectorAll('.ok-network-card[data-state="loading"]').length).toBeGreaterThan(2);
    await expectNoAxeViolations(container);
  });

  it('has loading, empty and error states', async () => {
    const actions = someActions();
    const { unmount } = view({ status: 'loading' });
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.loading);
    unmount();
    const empty = view();
    expect(screen.getByText('No public profiles yet.')).toBeTruthy();
    empty.unmount();
    view({ status: 'error' }, { actions });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(actions.retry).toHaveBeenCalled();
  });
});

describe('NetworkGrid', () => {
  it('loads public profiles a page at a time', async () => {
    const requests: Array<PageRequest | undefined> = [];
    const api: NetworkGridApi = {
      listPublic: async (page) => {
        requests.push(page);
        return page?.cursor
          ? { items: [aProfile({ name: 'Lee Chen' })], total: 2, nextCursor: null }
          : { items: [aProfile({ id: 'u-ana', name: 'Ana Lima' })], total: 2, nextCursor: 'u-ana' };
      },
    };
    render(<NetworkGrid profiles={api} files={files} pageSize={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: 'Lee Chen' });
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Ana Lima', 'Lee Chen']);
    expect(requests).toEqual([{ limit: 1 }, { limit: 1, cursor: 'u-ana' }]);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('shows an error and loads again on "Try again"', async () => {
    let calls = 0;
    const api: NetworkGridApi = {
      listPublic: async () => {
        calls += 1;
        if (calls === 1) throw new PortalError('network');
        return { items: [aProfile({ name: 'Ana Lima' })], total: 1, nextCursor: null };
      },
    };
    render(<NetworkGrid profiles={api} files={files} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ana Lima' })).toBeTruthy());
  });

  it('shows why the first page failed, as the SDK words it', async () => {
    const api: NetworkGridApi = {
      listPublic: async () => {
        throw new PortalError('not-allowed', 'Only signed-in members can see the network.');
      },
    };
    render(<NetworkGrid profiles={api} files={files} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Only signed-in members can see the network.'));
  });

  it('keeps the profiles when "Show more" fails, says why next to it, and the button retries from the keyboard', async () => {
    let nextPages = 0;
    const api: NetworkGridApi = {
      listPublic: async (page) => {
        if (!page?.cursor) return { items: [aProfile({ id: 'u-ana', name: 'Ana Lima' })], total: 2, nextCursor: 'u-ana' };
        nextPages += 1;
        if (nextPages === 1) throw new PortalError('network');
        return { items: [aProfile({ name: 'Lee Chen' })], total: 2, nextCursor: null };
      },
    };
    const { container } = render(<NetworkGrid profiles={api} files={files} pageSize={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(new PortalError('network').message);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Ana Lima']);
    const retry = screen.getByRole('button', { name: 'Show more' });
    expect(retry.getAttribute('aria-describedby')).toBe(alert.id);
    await expectNoAxeViolations(container);

    retry.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('link', { name: 'Lee Chen' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Ana Lima', 'Lee Chen']);
  });
});
