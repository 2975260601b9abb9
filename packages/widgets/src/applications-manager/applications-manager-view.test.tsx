import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES, type Application } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { aProfile } from '../testing/a-profile.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { ApplicationsManager } from './applications-manager.tsx';
import type { ApplicationsManagerApi } from './applications-manager-controller.ts';
import type { ApplicationsManagerActions, ApplicationsManagerState } from './applications-manager-model.ts';
import { ApplicationsManagerView } from './applications-manager-view.tsx';

const now = new Date('2026-11-21T10:00:00.000Z');
const files = { viewUrl: (bucket: string, id: string) => `https://files.example/${bucket}/${id}` };

const ready: ApplicationsManagerState = {
  filter: 'all',
  status: 'ready',
  error: null,
  applications: [],
  total: 0,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  selected: null,
  decision: { state: 'idle' },
  applicantNames: new Map(),
  postings: 'unknown',
};

function someActions(): ApplicationsManagerActions {
  return { setFilter: vi.fn(), select: vi.fn(), decide: vi.fn(), loadMore: vi.fn(), retry: vi.fn() };
}

function view(state: Partial<ApplicationsManagerState> = {}, actions = someActions()) {
  return render(
    <ApplicationsManagerView
      state={{ ...ready, ...state }}
      actions={actions}
      resumeUrl={(application) => files.viewUrl('resumes', application.resumeFileId)}
      now={now}
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
  it('offers All, Pending, Accepted and Rejected, the current one pressed', async () => {
    const actions = someActions();
    view({ filter: 'pending' }, actions);
    const group = screen.getByRole('group', { name: 'Show applications' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['All', 'Pending', 'Accepted', 'Rejected']);
    expect(within(group).getByRole('button', { name: 'Pending' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(group).getByRole('button', { name: 'Accepted' }));
    expect(actions.setFilter).toHaveBeenCalledWith('accepted');
    expect(screen.getByText('No pending applications.')).toBeTruthy();
  });

  it('shows the answers, the applicant and a link to the resume in the detail pane', async () => {
    const application = anApplication({ jobTitle: 'Lifeguard', resumeFileId: 'r-77', createdAt: '2026-11-19T10:00:00.000Z' });
    const { container } = view({ applications: [application], total: 1, selected: application });
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

  it('names an applicant by the name they applied with, even with no public profile', () => {
    const kim = anApplication({ jobId: 'j1', jobTitle: 'Lifeguard', applicantEmail: 'kim@school.example', applicantName: 'Kim Park' });
    view({ applications: [kim], total: 1, applicantNames: new Map([['kim@school.example', null]]) });
    expect(screen.getByRole('region', { name: 'Lifeguard (1 applicant)' }).querySelector('button')?.textContent).toMatch(/^Kim Park/);
  });

  it('groups the applications by posting, with counts, and names each applicant when a profile is visible', async () => {
    const ana = anApplication({ jobId: 'j1', jobTitle: 'Lifeguard', applicantEmail: 'ana@school.example' });
    const sam = anApplication({ jobId: 'j2', jobTitle: 'Barista', applicantEmail: 'sam@school.example', status: 'rejected' });
    const lee = anApplication({ jobId: 'j1', jobTitle: 'Lifeguard', applicantEmail: 'lee@school.example', status: 'accepted' });
    const names = new Map([
      ['ana@school.example', 'Ana Lima'],
      ['sam@school.example', null],
    ]);
    const { container } = view({ applications: [ana, sam, lee], total: 3, applicantNames: names });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Lifeguard (2 applicants)', 'Barista (1 applicant)']);
    const lifeguard = screen.getByRole('region', { name: 'Lifeguard (2 applicants)' });
    expect(
      within(lifeguard)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([expect.stringMatching(/^Ana Lima/), expect.stringMatching(/^lee@school\.example/)]);
    // No visible profile: the e-mail address stands for the name.
    expect(within(screen.getByRole('region', { name: 'Barista (1 applicant)' })).getByRole('button').textContent).toMatch(/^sam@school\.example.*Rejected/);
    await expectNoAxeViolations(container);
  });

  it("links the selected applicant's profile, or says why there is none", async () => {
    const onNavigate = vi.fn();
    const ana = anApplication({ jobTitle: 'Lifeguard', applicantEmail: 'ana@school.example' });
    const { rerender, container } = render(
      <ApplicationsManagerView
        state={{ ...ready, applications: [ana], total: 1, selected: ana, applicantNames: new Map([['ana@school.example', 'Ana Lima']]) }}
        actions={someActions()}
        resumeUrl={() => '#'}
        onNavigate={onNavigate}
      />,
    );
    const pane = screen.getByRole('region', { name: 'Lifeguard' });
    expect(within(pane).getByText('Ana Lima')).toBeTruthy();
    const profile = within(pane).getByRole('link', { name: 'View profile of Ana Lima' });
    expect(profile.getAttribute('href')).toBe('/network/ana%40school.example');
    await userEvent.click(profile);
    expect(onNavigate).toHaveBeenCalledWith('/network/ana%40school.example');
    await expectNoAxeViolations(container);

    rerender(
      <ApplicationsManagerView
        state={{ ...ready, applications: [ana], total: 1, selected: ana, applicantNames: new Map([['ana@school.example', null]]) }}
        actions={someActions()}
        resumeUrl={() => '#'}
      />,
    );
    expect(screen.queryByRole('link', { name: /View profile/ })).toBeNull();
    expect(screen.getByText(/No public profile/)).toBeTruthy();
  });

  it('names the applicant as they applied even when their profile is private, with no profile link (issue 25)', () => {
    const ana = anApplication({ jobTitle: 'Lifeguard', applicantEmail: 'ana@school.example', applicantName: 'Ana Lima' });
    view({ applications: [ana], total: 1, selected: ana, applicantNames: new Map([['ana@school.example', null]]) });
    const pane = screen.getByRole('region', { name: 'Lifeguard' });
    expect(within(pane).getByText('Ana Lima')).toBeTruthy();
    expect(within(pane).queryByRole('link', { name: /View profile/ })).toBeNull();
    expect(within(pane).getByText(/profile is private/)).toBeTruthy();
  });

  it('offers only the decisions that change something: no Accept on an accepted one, no Reject on a rejected one (issue 25)', () => {
    const accepted = anApplication({ jobTitle: 'Lifeguard', status: 'accepted' });
    const { unmount } = view({ applications: [accepted], total: 1, selected: accepted });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeTruthy();
    unmount();
    const rejected = anApplication({ jobTitle: 'Lifeguard', status: 'rejected' });
    view({ applications: [rejected], total: 1, selected: rejected });
    expect(screen.getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('asks before rejecting, and Cancel rejects nothing', async () => {
    const actions = someActions();
    const ana = anApplication({ jobTitle: 'Lifeguard', applicantEmail: 'ana@school.example' });
    view({ applications: [ana], total: 1, selected: ana, applicantNames: new Map([['ana@school.example', 'Ana Lima']]) }, actions);
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reject application' });
    expect(dialog.textContent).toContain('Ana Lima');
    expect(actions.decide).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(actions.decide).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reject' }));
    expect(actions.decide).toHaveBeenCalledWith('rejected');
  });

  it('with no applications, says what to do next: a first posting, or waiting for applicants', async () => {
    const { rerender, container } = view({ postings: 'none' });
    expect(screen.getByText('Post your first opportunity')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Post an opportunity' }).getAttribute('href')).toBe('/post-job');
    await expectNoAxeViolations(container);
    rerender(<ApplicationsManagerView state={{ ...ready, postings: 'some' }} actions={someActions()} resumeUrl={() => '#'} />);
    expect(screen.getByText(/No one has applied to your postings yet/)).toBeTruthy();
    rerender(<ApplicationsManagerView state={{ ...ready, filter: 'rejected', postings: 'some' }} actions={someActions()} resumeUrl={() => '#'} />);
    expect(screen.getByText('No rejected applications.')).toBeTruthy();
  });

  it('shows loading, error with a retry, and an announced failure', async () => {
    const actions = someActions();
    const { rerender } = view({ status: 'loading' });
    expect(screen.getByText(MESSAGES.loading)).toBeTruthy();
    rerender(
      <ApplicationsManagerView
        state={{ ...ready, status: 'error', decision: { state: 'failed', message: MESSAGES.genericError } }}
        actions={actions}
        resumeUrl={() => ''}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(actions.retry).toHaveBeenCalled();
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
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reject' }));
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
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.genericError));
    expect(screen.queryByRole('alertdialog')).toBeNull();
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

  it("looks up each applicant's name once, and shows the e-mail address when there is no visible profile", async () => {
    const asked: string[] = [];
    const profiles = {
      getByEmail: async (email: string) => {
        asked.push(email);
        return email === 'ana@school.example' ? aProfile({ email, name: 'Ana Lima' }) : null;
      },
    };
    const stored = [
      anApplication({ jobId: 'j1', jobTitle: 'Lifeguard', applicantEmail: 'ana@school.example' }),
      anApplication({ jobId: 'j2', jobTitle: 'Barista', applicantEmail: 'ana@school.example' }),
      anApplication({ jobId: 'j2', jobTitle: 'Barista', applicantEmail: 'sam@school.example' }),
    ];
    render(<ApplicationsManager applications={fakeApplications(stored)} files={files} profiles={profiles} />);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Ana Lima/ })).toHaveLength(2));
    expect(screen.getByRole('button', { name: /^sam@school\.example/ })).toBeTruthy();
    expect(asked.sort()).toEqual(['ana@school.example', 'sam@school.example']);
  });

  it('says "Post your first opportunity" to someone with no postings', async () => {
    render(<ApplicationsManager applications={fakeApplications([])} files={files} hasPostings={async () => false} />);
    await screen.findByText('Post your first opportunity');
  });
});
