import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PortalError, type PageRequest } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { MyApplications } from './my-applications.tsx';
import type { MyApplicationsApi } from './my-applications-controller.ts';
import { MyApplicationsView } from './my-applications-view.tsx';

const now = new Date('2026-11-21T10:00:00.000Z');

describe('MyApplicationsView', () => {
  it('tells the outcome of each application in plain words, each entry one link to its posting', async () => {
    const items = [
      anApplication({ jobId: 'j1', jobTitle: 'Lifeguard', status: 'pending', createdAt: '2026-11-21T09:00:00.000Z' }),
      anApplication({ jobId: 'j2', jobTitle: 'Barista', status: 'accepted' }),
      anApplication({ jobId: 'j3', jobTitle: 'Tutor', status: 'rejected' }),
    ];
    const { container } = render(
      <MyApplicationsView
        status="ready"
        items={items}
        hasMore={false}
        loadingMore={false}
        error={null}
        loadMoreError={null}
        now={now}
        onLoadMore={vi.fn()}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/job/j1', '/job/j2', '/job/j3']);
    const described = (name: string) => document.getElementById(screen.getByRole('link', { name }).getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described('Lifeguard')).toBe(`${MESSAGES.applicationPending}Applied 1 hour ago`);
    expect(described('Barista')).toContain(MESSAGES.applicationAccepted);
    expect(described('Tutor')).toContain(MESSAGES.applicationRejected);
    await expectNoAxeViolations(container);
  });

  it('hands a plain click to a router', async () => {
    const onOpenJob = vi.fn();
    render(
      <MyApplicationsView
        status="ready"
        items={[anApplication({ jobId: 'j9', jobTitle: 'Lifeguard' })]}
        hasMore={false}
        loadingMore={false}
        error={null}
        loadMoreError={null}
        onOpenJob={onOpenJob}
        onLoadMore={vi.fn()}
        onRetry={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Lifeguard' }));
    expect(onOpenJob).toHaveBeenCalledWith('j9');
  });

  it('says so when there are none yet', () => {
    render(
      <MyApplicationsView
        status="ready"
        items={[]}
        hasMore={false}
        loadingMore={false}
        error={null}
        loadMoreError={null}
        onLoadMore={vi.fn()}
        onRetry={vi.fn()}
      />,
    );
    expect(screen.getByText('You have not applied to any opportunities yet.')).toBeTruthy();
  });
});

describe('MyApplications', () => {
  it("loads the pages of the student's applications", async () => {
    const requests: Array<PageRequest | undefined> = [];
    const api: MyApplicationsApi = {
      listMine: async (page) => {
        requests.push(page);
        return page?.cursor
          ? { items: [anApplication({ jobTitle: 'Older' })], total: 2, nextCursor: null }
          : { items: [anApplication({ id: 'first', jobTitle: 'Newer' })], total: 2, nextCursor: 'first' };
      },
    };
    render(<MyApplications applications={api} pageSize={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    await screen.findByRole('link', { name: 'Older' });
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Newer', 'Older']);
    expect(requests).toEqual([{ limit: 1 }, { limit: 1, cursor: 'first' }]);
  });

  it('shows the error with a retry that loads again', async () => {
    let calls = 0;
    const api: MyApplicationsApi = {
      listMine: async () => {
        calls += 1;
        if (calls === 1) throw new PortalError('network');
        return { items: [], total: 0, nextCursor: null };
      },
    };
    render(<MyApplications applications={api} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('You have not applied to any opportunities yet.')).toBeTruthy());
  });

  it('shows why the first page failed, as the SDK words it', async () => {
    const api: MyApplicationsApi = {
      listMine: async () => {
        throw new PortalError('unauthenticated', 'Please sign in to see your applications.');
      },
    };
    render(<MyApplications applications={api} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Please sign in to see your applications.'));
  });

  it('keeps the applications when "Show more" fails, says why next to it, and the button retries from the keyboard', async () => {
    let nextPages = 0;
    const api: MyApplicationsApi = {
      listMine: async (page) => {
        if (!page?.cursor) return { items: [anApplication({ id: 'first', jobTitle: 'Newer' })], total: 2, nextCursor: 'first' };
        nextPages += 1;
        if (nextPages === 1) throw new PortalError('network');
        return { items: [anApplication({ jobTitle: 'Older' })], total: 2, nextCursor: null };
      },
    };
    const { container } = render(<MyApplications applications={api} pageSize={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(new PortalError('network').message);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Newer']);
    const retry = screen.getByRole('button', { name: 'Show more' });
    expect(retry.getAttribute('aria-describedby')).toBe(alert.id);
    await expectNoAxeViolations(container);

    retry.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('link', { name: 'Older' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
