import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { aSavedPosting, anAlert, fakeSavedPostings } from '../testing/fake-saved-postings.ts';
import { unsavedMessage } from './saved-postings-controller.ts';
import type { SavedPostingsActions, SavedPostingsState } from './saved-postings-model.ts';
import { NO_SAVED_POSTINGS, NO_SAVED_SEARCHES, SAVED_STATUS_NOTES, SavedPostingsView } from './saved-postings-view.tsx';
import { SavedPostings } from './saved-postings.tsx';

const open = aSavedPosting({ job: aJob({ id: 'a', title: 'Barista', company: 'Bean Co' }) });
const closed = aSavedPosting({ job: aJob({ id: 'b', title: 'Cashier', state: 'closed' }), status: 'closed' });
const removed = aSavedPosting({ job: null, jobId: 'c', title: 'Lifeguard' });
const search = anAlert({ id: 'alert1', search: 'barista', postingTypes: ['Job'], locations: ['Oakville', 'Milton'], startDate: '2026-12-01' });

const ready: SavedPostingsState = {
  status: 'ready',
  error: null,
  postings: [open, closed, removed],
  alerts: [search],
  pending: new Set(),
  outcome: { status: 'idle' },
};

const someActions = (): SavedPostingsActions => ({ unsave: vi.fn(), removeAlert: vi.fn(), retry: vi.fn() });
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('SavedPostingsView', () => {
  it('links an open posting, and says a closed or removed one is no longer open, each with Unsave', async () => {
    const user = userEvent.setup();
    const actions = someActions();
    const { container } = render(<SavedPostingsView state={ready} actions={actions} />);
    const [first, second, third] = within(screen.getAllByRole('list')[0]!).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Barista' }).getAttribute('href')).toBe('/job/a');
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(second?.textContent).toContain(SAVED_STATUS_NOTES.closed);
    expect(third?.textContent).toContain('Lifeguard');
    expect(third?.textContent).toContain(SAVED_STATUS_NOTES.removed);
    await user.click(screen.getByRole('button', { name: 'Unsave Lifeguard' }));
    expect(actions.unsave).toHaveBeenCalledWith(removed);
    await expectNoAxeViolations(container);
  });

  it('lists saved searches in words, with Delete', async () => {
    const user = userEvent.setup();
    const actions = someActions();
    render(<SavedPostingsView state={ready} actions={actions} />);
    const entry = within(screen.getAllByRole('list')[1]!).getByRole('listitem');
    expect(entry.textContent).toMatch(/^“barista” · Job · in Oakville, Milton · starting from .*2026/);
    await user.click(within(entry).getByRole('button', { name: /^Delete saved search/ }));
    expect(actions.removeAlert).toHaveBeenCalledWith(search);
  });

  it('opens a saved search where the host says, and offers no Open without it', async () => {
    const user = userEvent.setup();
    const onOpenSearch = vi.fn();
    const { rerender } = render(
      <SavedPostingsView state={ready} actions={someActions()} searchHref={(alert) => `/job?q=${alert.search}`} onOpenSearch={onOpenSearch} />,
    );
    const entry = within(screen.getAllByRole('list')[1]!).getByRole('listitem');
    const openLink = within(entry).getByRole('link', { name: /^Open saved search “barista”/ });
    expect(openLink.getAttribute('href')).toBe('/job?q=barista');
    await user.click(openLink);
    expect(onOpenSearch).toHaveBeenCalledWith(search);
    rerender(<SavedPostingsView state={ready} actions={someActions()} />);
    expect(within(screen.getAllByRole('list')[1]!).queryByRole('link')).toBeNull();
  });

  it('says how to save postings and searches when there are none', () => {
    render(<SavedPostingsView state={{ ...ready, postings: [], alerts: [] }} actions={someActions()} />);
    expect(screen.getByText(NO_SAVED_POSTINGS)).toBeTruthy();
    expect(screen.getByText(NO_SAVED_SEARCHES)).toBeTruthy();
  });

  it('shows loading, and a failed load with Try again', async () => {
    const actions = someActions();
    const { rerender } = render(<SavedPostingsView state={{ ...ready, status: 'loading', postings: [], alerts: [] }} actions={actions} />);
    expect(screen.getByText(MESSAGES.loading)).toBeTruthy();
    rerender(<SavedPostingsView state={{ ...ready, status: 'error', error: 'No connection.' }} actions={actions} />);
    expect(screen.getByRole('alert').textContent).toContain('No connection.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(actions.retry).toHaveBeenCalled();
  });

  it('unsaves through the SDK and announces it (connected)', async () => {
    const fake = fakeSavedPostings([open], [search]);
    render(<SavedPostings saved={fake.saved} alerts={fake.alerts} />);
    await settle();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsave Barista' }));
    await settle();
    expect(screen.queryByRole('link', { name: 'Barista' })).toBeNull();
    expect(screen.getByText(unsavedMessage('Barista'))).toBeTruthy();
    expect(screen.getByText(NO_SAVED_POSTINGS)).toBeTruthy();
    expect(fake.savedIds()).toEqual([]);
  });
});
