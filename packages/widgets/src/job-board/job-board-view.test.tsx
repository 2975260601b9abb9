import { act, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CLUSTERS, emptyListingMessage, LOCATIONS, MESSAGES, type Job } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { JobBoard } from './job-board.tsx';
import { JobBoardView, type JobBoardViewProps } from './job-board-view.tsx';
import { NO_FILTERS } from './job-board-model.ts';

function props(overrides: Partial<JobBoardViewProps> = {}): JobBoardViewProps {
  const jobs = [aJob({ id: 'a', title: 'Barista' }), aJob({ id: 'b', title: 'Cashier', assignedStudentId: 's1', assignedStudentEmail: '1ana@school.example' })];
  return {
    postingType: 'Job',
    title: 'Job opportunities',
    filters: NO_FILTERS,
    locations: LOCATIONS,
    clusters: CLUSTERS,
    today: '2026-11-21',
    showPrivateFilter: false,
    status: 'ready',
    error: null,
    jobs,
    total: 2,
    hasMore: false,
    loadingMore: false,
    moreError: null,
    jobHref: (job: Job) => `/job/${job.id}`,
    imageUrl: () => null,
    onSearchInput: vi.fn(),
    onSearchSubmit: vi.fn(),
    onChange: vi.fn(),
    onStartDate: vi.fn(),
    onLoadMore: vi.fn(),
    onRetry: vi.fn(),
    onOpen: vi.fn(),
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
  });

  it('says "Loading..." while the first page loads, and offers a retry when it failed', async () => {
    const { rerender } = render(<JobBoardView {...props({ status: 'loading', jobs: [] })} />);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.loading);
    const onRetry = vi.fn();
    rerender(<JobBoardView {...props({ status: 'error', error: 'We could not reach the server.', jobs: [], onRetry })} />);
    expect(screen.getByRole('alert').textContent).toContain('We could not reach the server.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
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

  it('offers every location and cluster, and the two switches (Private Filter only when allowed)', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const { rerender } = render(<JobBoardView {...props({ onChange, filters: { ...NO_FILTERS, locations: ['Toronto'] } })} />);
    expect(within(screen.getByRole('group', { name: 'Location' })).getAllByRole('checkbox')).toHaveLength(13);
    expect(within(screen.getByRole('group', { name: 'Cluster' })).getAllByRole('checkbox')).toHaveLength(19);
    expect(screen.getByText('(1 selected)')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Guelph' }));
    expect(onChange).toHaveBeenLastCalledWith({ locations: ['Toronto', 'Guelph'] });
    await user.click(screen.getByRole('switch', { name: 'Sort based on Views' }));
    expect(onChange).toHaveBeenLastCalledWith({ sortByViews: true });
    expect(screen.queryByRole('switch', { name: 'Private Filter' })).toBeNull();
    rerender(<JobBoardView {...props({ onChange, showPrivateFilter: true })} />);
    await user.click(screen.getByRole('switch', { name: 'Private Filter' }));
    expect(onChange).toHaveBeenLastCalledWith({ privateOnly: true });
  });

  it('loads more on request, and says when that failed', async () => {
    const onLoadMore = vi.fn();
    const { rerender } = render(<JobBoardView {...props({ hasMore: true, onLoadMore })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalled();
    rerender(<JobBoardView {...props({ hasMore: true, moreError: 'We could not reach the server.' })} />);
    expect(screen.getByRole('alert').textContent).toBe('We could not reach the server.');
  });

  it('has no axe violations', async () => {
    const { container } = render(<JobBoardView {...props({ showPrivateFilter: true, hasMore: true })} />);
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
    expect(screen.getByText('1 view')).toBeTruthy();

    act(() => api.emit('create', aJob({ id: 'n', title: 'Line cook', createdAt: '2030-01-01T00:00:00.000+00:00' })));
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Line cook', 'Barista']);
  });

  it('pages with "Load more" and filters on the server', async () => {
    const user = userEvent.setup();
    const api = fakeJobs([aJob({ id: 'a', location: 'Guelph' }), aJob({ id: 'b' }), aJob({ id: 'c', location: 'Guelph' })], { id: 't1', role: 'teacher' });
    render(<JobBoard jobs={api} postingType="Job" viewer={{ id: 't1', role: 'teacher' }} pageSize={2} />);
    await settle();
    expect(screen.getAllByRole('article')).toHaveLength(2);
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
});
