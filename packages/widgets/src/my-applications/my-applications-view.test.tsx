import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PortalError, type PageRequest } from '@opportunity-kit/sdk';
import { MESSAGES, type Application } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { MyApplications } from './my-applications.tsx';
import type { MyApplicationsApi } from './my-applications-controller.ts';
import type { MyApplicationsActions, MyApplicationsState, SeenDecisions } from './my-applications-model.ts';
import { MyApplicationsView } from './my-applications-view.tsx';

const now = new Date('2026-11-21T10:00:00.000Z');

const ready: MyApplicationsState = {
  status: 'ready',
  error: null,
  applications: [],
  total: 0,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  withdrawal: { state: 'idle' },
  newDecisionIds: new Set(),
};

function someActions(): MyApplicationsActions {
  return { loadMore: vi.fn(), retry: vi.fn(), askToWithdraw: vi.fn(), cancelWithdraw: vi.fn(), confirmWithdraw: vi.fn() };
}

/** An SDK stand-in over `stored`, withdrawing like the server (pending only). */
function fakeApplications(stored: Application[], options: { failWithdraw?: PortalError } = {}): MyApplicationsApi {
  return {
    listMine: async () => ({ items: [...stored], total: stored.length, nextCursor: null }),
    withdraw: async (id) => {
      if (options.failWithdraw) throw options.failWithdraw;
      stored.splice(
        stored.findIndex((item) => item.id === id),
        1,
      );
    },
  };
}

/** Seen decisions kept in a map, as the portal keeps them in localStorage. */
function seenIn(seen: Map<string, string>): SeenDecisions {
  return {
    isSeen: (application) => seen.get(application.id) === application.status,
    markSeen: (applications) => applications.forEach((application) => seen.set(application.id, application.status)),
  };
}

describe('MyApplicationsView', () => {
  it('tells the outcome of each application in plain words, each entry one link to its posting', async () => {
    const items = [
      anApplication({ jobId: 'j1', jobTitle: 'Lifeguard', status: 'pending', createdAt: '2026-11-21T09:00:00.000Z' }),
      anApplication({ jobId: 'j2', jobTitle: 'Barista', status: 'accepted' }),
      anApplication({ jobId: 'j3', jobTitle: 'Tutor', status: 'rejected' }),
    ];
    const { container } = render(<MyApplicationsView state={{ ...ready, applications: items, total: items.length }} actions={someActions()} now={now} />);
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/job/j1', '/job/j2', '/job/j3']);
    const described = (name: string) => document.getElementById(screen.getByRole('link', { name }).getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described('Lifeguard')).toBe(`${MESSAGES.applicationPending}Applied 1 hour ago`);
    expect(described('Barista')).toContain(MESSAGES.applicationAccepted);
    expect(described('Tutor')).toContain(MESSAGES.applicationRejected);
    await expectNoAxeViolations(container);
  });

  it('names the company and shows what was sent, folded under each application (issue 25)', async () => {
    const sent = anApplication({
      jobTitle: 'Lifeguard',
      jobCompany: 'Lakeshore Parks',
      relevantExperiences: 'Two summers at a day camp.',
      interestInRole: 'I like the water.',
      careerGoals: 'Become a swim coach.',
    });
    const { container } = render(<MyApplicationsView state={{ ...ready, applications: [sent], total: 1 }} actions={someActions()} now={now} />);
    expect(document.getElementById(screen.getByRole('link', { name: 'Lifeguard' }).getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Lakeshore Parks',
    );
    const answers = screen.getByText('What you sent');
    expect(screen.getByText('Two summers at a day camp.')).toBeTruthy();
    expect(answers.closest('details')?.open).toBe(false);
    await userEvent.click(answers);
    expect(answers.closest('details')?.open).toBe(true);
    expect(screen.getByText('Become a swim coach.')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('hands a plain click to a router', async () => {
    const onOpenJob = vi.fn();
    render(
      <MyApplicationsView
        state={{ ...ready, applications: [anApplication({ jobId: 'j9', jobTitle: 'Lifeguard' })], total: 1 }}
        actions={someActions()}
        onOpenJob={onOpenJob}
      />,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Lifeguard' }));
    expect(onOpenJob).toHaveBeenCalledWith('j9');
  });

  it('with none yet, says so and links the four listings', async () => {
    const onOpenListing = vi.fn();
    const { container } = render(<MyApplicationsView state={ready} actions={someActions()} onOpenListing={onOpenListing} />);
    expect(screen.getByText("You haven't applied yet")).toBeTruthy();
    const listings = screen.getByRole('navigation', { name: 'Opportunity listings' });
    expect(
      within(listings)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Jobs', '/job'],
      ['Gigs', '/gigs'],
      ['Enrichment', '/enrichment'],
      ['Volunteering', '/volunteer'],
    ]);
    await userEvent.click(within(listings).getByRole('link', { name: 'Gigs' }));
    expect(onOpenListing).toHaveBeenCalledWith('/gigs');
    await expectNoAxeViolations(container);
  });

  it('says a removed posting was removed, with no link to its page (bug 15)', async () => {
    const removed = anApplication({ jobId: 'gone', jobTitle: 'Snow shoveller', status: 'pending', postingRemoved: true });
    const { container } = render(<MyApplicationsView state={{ ...ready, applications: [removed], total: 1 }} actions={someActions()} now={now} />);
    const entry = screen.getByRole('listitem');
    expect(within(entry).getByText(MESSAGES.applicationPostingRemoved)).toBeTruthy();
    expect(within(entry).queryByText(MESSAGES.applicationRejected)).toBeNull();
    expect(within(entry).getByText('Snow shoveller')).toBeTruthy();
    expect(within(entry).queryByRole('link')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('offers Withdraw on pending applications only, and shows a refusal on the application it concerns', async () => {
    const actions = someActions();
    const pending = anApplication({ jobTitle: 'Lifeguard' });
    const accepted = anApplication({ jobTitle: 'Barista', status: 'accepted' });
    const state: MyApplicationsState = {
      ...ready,
      applications: [pending, accepted],
      total: 2,
      withdrawal: { state: 'failed', applicationId: pending.id, message: MESSAGES.onlyPendingWithdrawn },
    };
    const { container } = render(<MyApplicationsView state={state} actions={actions} now={now} />);
    expect(screen.getAllByRole('button', { name: /^Withdraw/ }).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Withdraw application to Lifeguard',
    ]);
    const lifeguard = screen.getAllByRole('listitem')[0]!;
    expect(within(lifeguard).getByRole('alert').textContent).toBe(MESSAGES.onlyPendingWithdrawn);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw application to Lifeguard' }));
    expect(actions.askToWithdraw).toHaveBeenCalledWith(pending.id);
    await expectNoAxeViolations(container);
  });

  it('marks decisions the student has not seen yet as "New"', () => {
    const accepted = anApplication({ jobTitle: 'Barista', status: 'accepted' });
    const rejected = anApplication({ jobTitle: 'Tutor', status: 'rejected' });
    render(
      <MyApplicationsView state={{ ...ready, applications: [accepted, rejected], total: 2, newDecisionIds: new Set([accepted.id]) }} actions={someActions()} />,
    );
    const [barista, tutor] = screen.getAllByRole('listitem');
    expect(within(barista!).getByText('New')).toBeTruthy();
    expect(within(tutor!).queryByText('New')).toBeNull();
  });
});

describe('MyApplications', () => {
  it("loads the pages of the student's applications", async () => {
    const requests: Array<PageRequest | undefined> = [];
    const api: MyApplicationsApi = {
      ...fakeApplications([]),
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
      ...fakeApplications([]),
      listMine: async () => {
        calls += 1;
        if (calls === 1) throw new PortalError('network');
        return { items: [], total: 0, nextCursor: null };
      },
    };
    render(<MyApplications applications={api} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText("You haven't applied yet")).toBeTruthy());
  });

  it('shows why the first page failed, as the SDK words it', async () => {
    const api: MyApplicationsApi = {
      ...fakeApplications([]),
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
      ...fakeApplications([]),
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

  it('withdraws a pending application after the confirmation, says so, and puts focus on the heading', async () => {
    const user = userEvent.setup();
    const stored = [anApplication({ jobTitle: 'Lifeguard' }), anApplication({ jobTitle: 'Barista' })];
    render(<MyApplications applications={fakeApplications(stored)} />);
    await user.click(await screen.findByRole('button', { name: 'Withdraw application to Lifeguard' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw application' });
    expect(dialog.textContent).toContain('Lifeguard');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(MESSAGES.applicationWithdrawn));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Barista']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'My applications' }));
  });

  it('keeps the application when Cancel is pressed, and shows a refusal in place', async () => {
    const user = userEvent.setup();
    const stored = [anApplication({ jobTitle: 'Lifeguard' })];
    render(<MyApplications applications={fakeApplications(stored, { failWithdraw: new PortalError('not-allowed', MESSAGES.onlyPendingWithdrawn) })} />);
    await user.click(await screen.findByRole('button', { name: 'Withdraw application to Lifeguard' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Withdraw application to Lifeguard' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw application to Lifeguard' }));
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const entry = screen.getByRole('listitem');
    await waitFor(() => expect(within(entry).getByRole('alert').textContent).toBe(MESSAGES.onlyPendingWithdrawn));
    expect(within(entry).getByRole('link', { name: 'Lifeguard' })).toBeTruthy();
  });

  it('marks a decision "New" on the first visit after it was made, and not on the next', async () => {
    const seen = new Map<string, string>();
    const stored = [anApplication({ jobTitle: 'Barista', status: 'accepted' }), anApplication({ jobTitle: 'Lifeguard' })];
    const first = render(<MyApplications applications={fakeApplications(stored)} seenDecisions={seenIn(seen)} />);
    const barista = (await screen.findByRole('link', { name: 'Barista' })).closest('li')!;
    expect(within(barista).getByText('New')).toBeTruthy();
    expect(screen.getAllByText('New')).toHaveLength(1);
    first.unmount();

    render(<MyApplications applications={fakeApplications(stored)} seenDecisions={seenIn(seen)} />);
    await screen.findByRole('link', { name: 'Barista' });
    expect(screen.queryByText('New')).toBeNull();
  });
});
