import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES, type Application } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { ApplicationsManager } from './applications-manager.tsx';
import type { ApplicationsManagerApi } from './applications-manager-controller.ts';
import { ApplicationsManagerView, type ApplicationsManagerViewProps } from './applications-manager-view.tsx';

const now = new Date('2026-11-21T10:00:00.000Z');
const files = { viewUrl: (bucket: string, id: string) => `https://files.example/${bucket}/${id}` };

function view(props: Partial<ApplicationsManagerViewProps> = {}) {
  return render(
    <ApplicationsManagerView
      filter="all"
      status="ready"
      items={[]}
      hasMore={false}
      loadingMore={false}
      error={null}
      loadMoreError={null}
      selected={null}
      decision={{ state: 'idle' }}
      resumeUrl={(application) => files.viewUrl('resumes', application.resumeFileId)}
      now={now}
      onFilter={vi.fn()}
      onSelect={vi.fn()}
      onDecide={vi.fn()}
      onLoadMore={vi.fn()}
      onRetry={vi.fn()}
      {...props}
    />,
  );
}

function fakeApplications(stored: Application[], options: { failStatus?: boolean } = {}): ApplicationsManagerApi {
  return {
    listForManager: async (filter) => {
      const items = stored.filter((item) => !filter?.status || item.status === filter.status);
      return { items, total: items.length, nextCursor: null };
    },
    setStatus: async (id, status) => {
      if (options.failStatus) throw new PortalError('internal');
      const index = stored.findIndex((item) => item.id === id);
      stored[index] = { ...stored[index]!, status };
      return stored[index]!;
    },
  };
}

describe('ApplicationsManagerView', () => {
  it('offers the three filters of the spec, the current one pressed', async () => {
    const onFilter = vi.fn();
    view({ filter: 'pending', onFilter });
    const group = screen.getByRole('group', { name: 'Show applications' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Pending', 'Accepted']);
    expect(within(group).getByRole('button', { name: 'Pending' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(group).getByRole('button', { name: 'Accepted' }));
    expect(onFilter).toHaveBeenCalledWith('accepted');
    expect(screen.getByText('No pending applications.')).toBeTruthy();
  });

  it('shows the answers, the applicant and a link to the resume in the detail pane', async () => {
    const application = anApplication({ jobTitle: 'Lifeguard', resumeFileId: 'r-77', createdAt: '2026-11-19T10:00:00.000Z' });
    const { container } = view({ items: [application], selected: application });
    const pane = screen.getByRole('region', { name: 'Lifeguard' });
    expect(within(pane).getByText(application.careerGoals)).toBeTruthy();
    expect(within(pane).getByText('Applied 2 days ago')).toBeTruthy();
    expect(within(pane).getByRole('link', { name: application.applicantEmail }).getAttribute('href')).toBe(`mailto:${application.applicantEmail}`);
    expect(
      within(pane)
        .getByRole('link', { name: /Open resume/ })
        .getAttribute('href'),
    ).toBe('https://files.example/resumes/r-77');
    expect(screen.getByRole('button', { name: /Lifeguard/ }).getAttribute('aria-current')).toBe('true');
    await expectNoAxeViolations(container);
  });

  it('shows loading, error with a retry, and an announced failure', async () => {
    const onRetry = vi.fn();
    const { rerender } = view({ status: 'loading' });
    expect(screen.getByText(MESSAGES.loading)).toBeTruthy();
    rerender(
      <ApplicationsManagerView
        filter="all"
        status="error"
        items={[]}
        hasMore={false}
        loadingMore={false}
        error={null}
        loadMoreError={null}
        selected={null}
        decision={{ state: 'failed', message: MESSAGES.genericError }}
        resumeUrl={() => ''}
        onFilter={vi.fn()}
        onSelect={vi.fn()}
        onDecide={vi.fn()}
        onLoadMore={vi.fn()}
        onRetry={onRetry}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(MESSAGES.genericError);
  });
});

describe('ApplicationsManager', () => {
  it('accepts an application: confirms with the spec text, clears the selection and returns focus to the list', async () => {
    const user = userEvent.setup();
    const newest = anApplication({ jobTitle: 'Lifeguard' });
    render(<ApplicationsManager applications={fakeApplications([newest, anApplication({ jobTitle: 'Barista' })])} files={files} />);
    await user.click(await screen.findByRole('button', { name: /Lifeguard/ }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Lifeguard' }));
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MESSAGES.statusUpdatedAccepted));
    expect(screen.queryByRole('region', { name: 'Lifeguard' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Lifeguard/ }));
    expect(screen.getByRole('button', { name: /Lifeguard/ }).textContent).toContain('Accepted');
  });

  it('rejects one again later with "Status updated successfully."', async () => {
    const user = userEvent.setup();
    const accepted = anApplication({ jobTitle: 'Lifeguard', status: 'accepted' });
    render(<ApplicationsManager applications={fakeApplications([accepted])} files={files} />);
    await user.click(await screen.findByRole('button', { name: 'Accepted' }));
    await user.click(await screen.findByRole('button', { name: /Lifeguard/ }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MESSAGES.statusUpdated));
    // Under "Accepted" the rejected application leaves the list, so focus goes to the list's heading.
    expect(screen.getByText('No accepted applications.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Applications' }));
  });

  it('says "An error occurred" when the update fails', async () => {
    const user = userEvent.setup();
    render(<ApplicationsManager applications={fakeApplications([anApplication({ jobTitle: 'Lifeguard' })], { failStatus: true })} files={files} />);
    await user.click(await screen.findByRole('button', { name: /Lifeguard/ }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.genericError));
    expect(screen.getByRole('region', { name: 'Lifeguard' })).toBeTruthy();
  });

  it('shows why the first page failed, as the SDK words it', async () => {
    const api: ApplicationsManagerApi = {
      ...fakeApplications([]),
      listForManager: async () => {
        throw new PortalError('not-allowed', 'Only employers and teachers manage applications.');
      },
    };
    render(<ApplicationsManager applications={api} files={files} />);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Only employers and teachers manage applications.'));
  });

  it('keeps the applications when "Show more" fails, says why next to it, and the button retries from the keyboard', async () => {
    let nextPages = 0;
    const api: ApplicationsManagerApi = {
      ...fakeApplications([]),
      listForManager: async (_filter, page) => {
        if (!page?.cursor) return { items: [anApplication({ id: 'first', jobTitle: 'Lifeguard' })], total: 2, nextCursor: 'first' };
        nextPages += 1;
        if (nextPages === 1) throw new PortalError('network');
        return { items: [anApplication({ jobTitle: 'Barista' })], total: 2, nextCursor: null };
      },
    };
    const { container } = render(<ApplicationsManager applications={api} files={files} pageSize={1} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(new PortalError('network').message);
    expect(screen.getByRole('button', { name: /Lifeguard/ })).toBeTruthy();
    const retry = screen.getByRole('button', { name: 'Show more' });
    expect(retry.getAttribute('aria-describedby')).toBe(alert.id);
    await expectNoAxeViolations(container);

    retry.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('button', { name: /Barista/ });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
