import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ALERT_MESSAGES, CLUSTERS, emptyListingMessage, LOCATIONS, MESSAGES, type Job } from '@opportunity-kit/sdk/domain';
import { fakeSavedPostings } from '../testing/fake-saved-postings.ts';
import { aJob } from '../testing/a-job.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { SEARCH_SAVED, toJobFilter } from './job-board-controller.ts';
import { DATE_RULE } from './job-filters-view.tsx';
import { JobBoard } from './job-board.tsx';
import { JobBoardView, type JobBoardViewProps } from './job-board-view.tsx';
import { NO_FILTERS, type JobBoardActions, type JobBoardState } from './job-board-model.ts';

const ready: JobBoardState = {
  postingType: 'Job',
  filters: NO_FILTERS,
  status: 'ready',
  error: null,
  jobs: [aJob({ id: 'a', title: 'Barista' }), aJob({ id: 'b', title: 'Cashier', assignedStudentId: 's1', assignedStudentEmail: '1ana@school.example' })],
  total: 2,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  appliedJobIds: new Set(),
  savedJobIds: null,
  saveError: null,
  searchSave: { status: 'unavailable' },
};

function someActions(): JobBoardActions {
  return {
    typeSearch: vi.fn(),
    submitSearch: vi.fn(),
    setFilters: vi.fn(),
    setStartDate: vi.fn(),
    loadMore: vi.fn(),
    retry: vi.fn(),
    open: vi.fn(),
    toggleSave: vi.fn(),
    saveSearch: vi.fn(),
  };
}

function props(state: Partial<JobBoardState> = {}, overrides: Partial<JobBoardViewProps> = {}): JobBoardViewProps {
  return {
    state: { ...ready, ...state },
    actions: someActions(),
    title: 'Job opportunities',
    locations: LOCATIONS,
    clusters: CLUSTERS,
    today: '2026-11-21',
    showPrivateFilter: false,
    jobHref: (job: Job) => `/job/${job.id}`,
    imageUrl: () => null,
    ...overrides,
  };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('JobBoardView', () => {
  it('shows the header, the count, and one link per card; an assigned card is gray with its line', () => {
    const { container } = render(<JobBoardView {...props()} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Job opportunities');
    expect(screen.getByRole('status').textContent).toBe('2 opportunities');
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => within(card).getAllByRole('link').length)).toEqual([1, 1]);
    expect(container.querySelector('[data-state="assigned"]')?.textContent).toContain('Student Assigned to 1ana@school.example');
  });

  it("says the spec's empty message for the listing's type", () => {
    render(<JobBoardView {...props({ postingType: 'Volunteering', jobs: [], total: 0 })} />);
    expect(screen.getByRole('status').textContent).toBe(emptyListingMessage('Volunteering'));
    expect(screen.getByRole('status').textContent).toBe('No Volunteering opportunities posted yet. Be the first to post an opportunity!');
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).toBeNull();
  });

  it('says that nothing matches a search or filter, and clears them on request (not the empty listing text)', async () => {
    const filtered = props({ jobs: [], total: 0, filters: { ...NO_FILTERS, search: 'astronaut' } });
    render(<JobBoardView {...filtered} />);
    expect(screen.getByRole('status').textContent).toBe('No Job opportunities match your search and filters.');
    await userEvent.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(filtered.actions.setFilters).toHaveBeenCalledWith(NO_FILTERS);
  });

  it("says nothing matches a recruiter's Private Filter", () => {
    render(<JobBoardView {...props({ jobs: [], total: 0, filters: { ...NO_FILTERS, privateOnly: true } }, { showPrivateFilter: true })} />);
    expect(screen.getByRole('status').textContent).toBe('No Job opportunities match your search and filters.');
  });

  it('says "Loading..." while the first page loads, and offers a retry when it failed', async () => {
    const { rerender } = render(<JobBoardView {...props({ status: 'loading', jobs: [] })} />);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.loading);
    const failed = props({ status: 'error', error: 'We could not reach the server.', jobs: [] });
    rerender(<JobBoardView {...failed} />);
    expect(screen.getByRole('alert').textContent).toContain('We could not reach the server.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.actions.retry).toHaveBeenCalled();
  });

  it('draws card skeletons, hidden from screen readers, while the first page loads; "Loading..." stays the one status', async () => {
    const { container } = render(<JobBoardView {...props({ status: 'loading', jobs: [] })} />);
    const skeletons = container.querySelectorAll('.ok-job-card[data-state="loading"]');
    expect(skeletons.length).toBeGreaterThan(2);
    expect(skeletons[0]?.closest('[aria-hidden="true"]')?.classList.contains('ok-job-board__cards')).toBe(true);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([MESSAGES.loading]);
    expect(screen.queryAllByRole('article')).toEqual([]);
    await expectNoAxeViolations(container);
  });

  it('keeps the end date disabled until a start date is set; dates start today and the end at the start', () => {
    const { rerender } = render(<JobBoardView {...props()} />);
    const start = screen.getByLabelText('Start date');
    expect(start.getAttribute('min')).toBe('2026-11-21');
    expect((screen.getByLabelText('End date') as HTMLInputElement).disabled).toBe(true);
    rerender(<JobBoardView {...props({ filters: { ...NO_FILTERS, startDate: '2026-12-05' } })} />);
    const end = screen.getByLabelText('End date') as HTMLInputElement;
    expect(end.disabled).toBe(false);
    expect(end.getAttribute('min')).toBe('2026-12-05');
  });

  it('says the date rule beside the dates, and refuses an end date before the start with the saved search message (issue 25)', () => {
    render(<JobBoardView {...props({ filters: { ...NO_FILTERS, startDate: '2026-12-10', endDate: '2026-12-01' } })} />);
    const start = screen.getByLabelText('Start date');
    const end = screen.getByLabelText('End date');
    const descriptionOf = (field: HTMLElement) =>
      (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' ');
    expect(descriptionOf(start)).toContain(DATE_RULE);
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(end)).toContain(ALERT_MESSAGES.endBeforeStart);
    expect(screen.getByRole('alert').textContent).toBe(ALERT_MESSAGES.endBeforeStart);
  });

  it('does not search a reversed range: the board keeps the start date and leaves the end out (issue 25)', () => {
    expect(toJobFilter('Job', { ...NO_FILTERS, startDate: '2026-12-10', endDate: '2026-12-01' })).toEqual({ postingType: 'Job', startDate: '2026-12-10' });
    expect(toJobFilter('Job', { ...NO_FILTERS, startDate: '2026-12-01', endDate: '2026-12-10' })).toEqual({
      postingType: 'Job',
      startDate: '2026-12-01',
      endDate: '2026-12-10',
    });
  });

  it('on a phone, keeps the search in view and the other filters behind "Filters (n)", in a sheet that Escape closes (issue 25)', async () => {
    const user = userEvent.setup();
    // A phone's width: the side panel's media query does not match.
    const matchMedia = window.matchMedia.bind(window);
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query) => {
      const list = matchMedia(query);
      return { media: list.media, matches: false, addEventListener: () => undefined, removeEventListener: () => undefined } as unknown as MediaQueryList;
    });
    try {
      const shown = props({ filters: { ...NO_FILTERS, locations: ['Toronto'], sortByViews: true } });
      render(<JobBoardView {...shown} />);
      expect(screen.getByRole('searchbox', { name: 'Search' })).toBeTruthy();
      expect(screen.queryByRole('group', { name: 'Location' })).toBeNull();
      const open = screen.getByRole('button', { name: 'Filters (2)' });
      await user.click(open);
      const sheet = screen.getByRole('dialog', { name: 'Filters (2)' });
      await user.click(within(sheet).getByText('Location', { selector: 'summary' }));
      await user.click(within(sheet).getByRole('checkbox', { name: 'Guelph' }));
      expect(shown.actions.setFilters).toHaveBeenLastCalledWith({ locations: ['Toronto', 'Guelph'] });
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('group', { name: 'Location' })).toBeNull();
      expect(document.activeElement).toBe(open);
    } finally {
      phone.mockRestore();
    }
  });

  it('offers the correction of a search that found nothing as a button that searches it (issue 25)', async () => {
    const user = userEvent.setup();
    const shown = props({ jobs: [], total: 0, filters: { ...NO_FILTERS, search: 'cashr' }, searchSuggestion: 'cashier' });
    const searchFor = vi.fn();
    const { rerender } = render(<JobBoardView {...shown} actions={{ ...shown.actions, searchFor }} />);
    await user.click(screen.getByRole('button', { name: 'Did you mean cashier?' }));
    expect(searchFor).toHaveBeenCalledWith('cashier');
    // A host's own actions without searchFor: the view types the words and submits them.
    rerender(<JobBoardView {...shown} />);
    await user.click(screen.getByRole('button', { name: 'Did you mean cashier?' }));
    expect(shown.actions.typeSearch).toHaveBeenCalledWith('cashier');
    expect(shown.actions.submitSearch).toHaveBeenCalled();
    rerender(<JobBoardView {...props({ searchSuggestion: 'cashier' })} />);
    expect(screen.queryByRole('button', { name: /Did you mean/ })).toBeNull();
  });

  it('offers every location and cluster, and the two switches (Private Filter only when allowed)', async () => {
    const user = userEvent.setup();
    const shown = props({ filters: { ...NO_FILTERS, locations: ['Toronto'] } });
    const onChange = shown.actions.setFilters;
    const { rerender } = render(<JobBoardView {...shown} />);
    expect(within(screen.getByRole('group', { name: 'Location' })).getAllByRole('checkbox')).toHaveLength(13);
    expect(within(screen.getByRole('group', { name: 'Cluster' })).getAllByRole('checkbox')).toHaveLength(19);
    expect(screen.getByText('(1 selected)')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Guelph' }));
    expect(onChange).toHaveBeenLastCalledWith({ locations: ['Toronto', 'Guelph'] });
    await user.click(screen.getByRole('switch', { name: 'Sort based on Views' }));
    expect(onChange).toHaveBeenLastCalledWith({ sortByViews: true });
    expect(screen.queryByRole('switch', { name: 'Private Filter' })).toBeNull();
    rerender(<JobBoardView {...props({}, { actions: shown.actions, showPrivateFilter: true })} />);
    await user.click(screen.getByRole('switch', { name: 'Private Filter' }));
    expect(onChange).toHaveBeenLastCalledWith({ privateOnly: true });
  });

  it('loads more on request, and says when that failed', async () => {
    const more = props({ hasMore: true });
    const { rerender } = render(<JobBoardView {...more} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(more.actions.loadMore).toHaveBeenCalled();
    rerender(<JobBoardView {...props({ hasMore: true, moreError: 'We could not reach the server.' })} />);
    expect(screen.getByRole('alert').textContent).toBe('We could not reach the server.');
  });

  it('has no axe violations', async () => {
    const { container } = render(<JobBoardView {...props({ hasMore: true }, { showPrivateFilter: true })} />);
    await expectNoAxeViolations(container);
  });
});

describe('JobBoard', () => {
  it('lists the postings of its type, counts a view when a card opens, and follows live changes', async () => {
    const user = userEvent.setup();
    const api = fakeJobs([aJob({ id: 'a', title: 'Barista' }), aJob({ id: 'g', title: 'Dog walker', postingType: 'Gig' })]);
    const onOpen = vi.fn();
    render(<JobBoard jobs={api} postingType="Job" viewer={{ id: 'student1', role: 'student' }} onOpen={onOpen} />);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.loading);
    await settle();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Barista']);
    expect(screen.queryByRole('switch', { name: 'Private Filter' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'Barista' }));
    await settle();
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'a' }));
    expect(api.calls.filter((call) => call.call === 'recordView')).toEqual([{ call: 'recordView', args: ['a'] }]);
    expect(screen.getByRole('link', { name: 'Barista' }).getAttribute('aria-describedby')).toBeTruthy();
    // Issue 25: the view is counted, but a student's cards do not show views (they are for the poster and staff).
    expect(screen.queryByText(/\d+ views?$/)).toBeNull();

    act(() => api.emit('create', aJob({ id: 'n', title: 'Line cook', createdAt: '2030-01-01T00:00:00.000+00:00' })));
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Line cook', 'Barista']);
  });

  it('pages with "Load more" and filters on the server', async () => {
    const user = userEvent.setup();
    const api = fakeJobs([aJob({ id: 'a', location: 'Guelph' }), aJob({ id: 'b' }), aJob({ id: 'c', location: 'Guelph' })], { id: 't1', role: 'teacher' });
    render(<JobBoard jobs={api} postingType="Job" viewer={{ id: 't1', role: 'teacher' }} pageSize={2} />);
    await settle();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    // A teacher looks after every posting of the school: the cards show their views.
    expect(screen.getAllByText(/\d+ views?$/)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Guelph' }));
    await settle();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(api.calls.at(-1)?.args[0]).toEqual({ postingType: 'Job', locations: ['Guelph'] });
    expect(screen.getByRole('switch', { name: 'Private Filter' })).toBeTruthy();
  });

  it('offers "Save this search" to a student while a search is set, and shows its outcome in place', async () => {
    const user = userEvent.setup();
    const view = props({ searchSave: { status: 'idle' } });
    const { rerender } = render(<JobBoardView {...view} />);
    expect(screen.queryByRole('button', { name: 'Save this search' })).toBeNull();
    rerender(<JobBoardView {...view} state={{ ...view.state, filters: { ...NO_FILTERS, search: 'barista' } }} />);
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    expect(view.actions.saveSearch).toHaveBeenCalledTimes(1);
    rerender(
      <JobBoardView
        {...view}
        state={{ ...view.state, filters: { ...NO_FILTERS, search: 'barista' }, searchSave: { status: 'saved', message: SEARCH_SAVED } }}
      />,
    );
    expect(screen.getByText(SEARCH_SAVED)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save this search' }));
    expect(view.actions.saveSearch).toHaveBeenCalledTimes(1);
    rerender(
      <JobBoardView
        {...view}
        state={{ ...view.state, filters: { ...NO_FILTERS, search: 'cafe' }, searchSave: { status: 'failed', message: ALERT_MESSAGES.tooMany } }}
      />,
    );
    expect(screen.getByText(ALERT_MESSAGES.tooMany)).toBeTruthy();
  });

  it("gives a student's cards a Save toggle that reflects the saved postings", async () => {
    const user = userEvent.setup();
    const view = props({ savedJobIds: new Set(['a']) });
    render(<JobBoardView {...view} />);
    expect(screen.getByRole('button', { name: 'Save Barista' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save Cashier' }));
    expect(view.actions.toggleSave).toHaveBeenCalledWith(expect.objectContaining({ id: 'b' }));
  });

  it('offers saving to students only, with the SDK modules given', async () => {
    const saving = fakeSavedPostings();
    const jobs = [aJob({ id: 'a', title: 'Barista' })];
    const { unmount } = render(
      <JobBoard jobs={fakeJobs(jobs)} postingType="Job" viewer={{ id: 't1', role: 'teacher' }} saved={saving.saved} alerts={saving.alerts} />,
    );
    await settle();
    expect(screen.queryByRole('button', { name: 'Save Barista' })).toBeNull();
    unmount();
    render(<JobBoard jobs={fakeJobs(jobs)} postingType="Job" viewer={{ id: 's1', role: 'student' }} saved={saving.saved} alerts={saving.alerts} />);
    await settle();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Barista' }));
    await settle();
    expect(saving.savedIds()).toEqual(['a']);
    expect(screen.getByRole('button', { name: 'Save Barista' }).getAttribute('aria-pressed')).toBe('true');
  });
});
