import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { ALERT_MESSAGES, CLUSTERS, emptyListingMessage, LOCATIONS, MESSAGES } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs, type FakeJobs } from '../testing/fake-jobs.ts';
import { placeholderImage } from '../testing/placeholder-image.ts';
import { SEARCH_SAVED } from './job-board-controller.ts';
import { JobBoard } from './job-board.tsx';
import { JobBoardView } from './job-board-view.tsx';
import { DATE_RULE } from './job-filters-view.tsx';
import { NO_FILTERS, type JobBoardActions, type JobBoardState } from './job-board-model.ts';

const jobs = [
  aJob({ id: 'barista', title: 'Barista', viewCount: 41, imageFileId: 'cafe' }),
  aJob({ id: 'cashier', title: 'Cashier', company: 'FreshMart', location: 'Milton', hourlyRate: '16.55', viewCount: 8 }),
  aJob({
    id: 'coder',
    title: 'Junior web developer',
    company: 'Pixel Forge',
    location: 'Waterloo',
    cluster: 'Computer Science',
    hourlyRate: '22/h',
    viewCount: 3,
  }),
];
const teacherJobs = [
  ...jobs,
  aJob({
    id: 'lifeguard',
    title: 'Lifeguard',
    company: 'City Pools',
    location: 'Burlington',
    cluster: 'Healthcare',
    assignedStudentId: 's1',
    assignedStudentEmail: '1ana@school.example',
  }),
  aJob({ id: 'library', title: 'Library assistant', company: 'Halton Library', visible: false, cluster: 'Education', hourlyRate: null }),
];

const ready: JobBoardState = {
  postingType: 'Job',
  filters: NO_FILTERS,
  status: 'ready',
  error: null,
  jobs,
  total: jobs.length,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  appliedJobIds: new Set(),
  savedJobIds: null,
  saveError: null,
  searchSave: { status: 'unavailable' },
};

const actions: JobBoardActions = {
  typeSearch: fn(),
  submitSearch: fn(),
  setFilters: fn(),
  setStartDate: fn(),
  loadMore: fn(),
  retry: fn(),
  open: fn(),
  toggleSave: fn(),
  saveSearch: fn(),
};

const meta = {
  title: 'Jobs/JobBoard',
  component: JobBoardView,
  args: {
    state: ready,
    actions,
    title: 'Job opportunities',
    locations: LOCATIONS,
    clusters: CLUSTERS,
    today: '2026-11-21',
    showPrivateFilter: false,
    jobHref: (job) => `/job/${job.id}`,
    imageUrl: (job) => (job.imageFileId ? placeholderImage(job.company, 30) : null),
    onNavigate: fn(),
  },
} satisfies Meta<typeof JobBoardView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A student's listing: no assigned postings and no Private Filter. */
export const Student: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('3 opportunities');
    await expect(canvas.queryByRole('switch', { name: 'Private Filter' })).toBeNull();
    await expect(canvas.getByLabelText('End date')).toBeDisabled();
    await userEvent.click(canvas.getByRole('switch', { name: 'Sort based on Views' }));
    await expect(args.actions.setFilters).toHaveBeenCalledWith({ sortByViews: true });
    await userEvent.click(canvas.getByRole('link', { name: 'Cashier' }));
    await expect(args.actions.open).toHaveBeenCalledWith(expect.objectContaining({ id: 'cashier' }));
  },
};

/** A teacher sees assigned postings as gray cards, private ones, and the Private Filter. */
export const Teacher: Story = {
  args: {
    state: {
      ...ready,
      jobs: teacherJobs,
      total: teacherJobs.length,
      filters: { ...NO_FILTERS, locations: ['Burlington', 'Oakville'], startDate: '2026-12-01' },
    },
    showPrivateFilter: true,
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(/Student Assigned to/)).toHaveTextContent('Student Assigned to 1ana@school.example');
    await expect(canvas.getByText('(2 selected)')).toBeVisible();
    await expect(canvas.getByLabelText('End date')).toBeEnabled();
    await expect(canvas.getByLabelText('End date')).toHaveAttribute('min', '2026-12-01');
    await userEvent.click(canvas.getByText('Cluster', { selector: 'summary' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Healthcare' }));
    await expect(args.actions.setFilters).toHaveBeenCalledWith({ clusters: ['Healthcare'] });
    await userEvent.click(canvas.getByRole('switch', { name: 'Private Filter' }));
    await expect(args.actions.setFilters).toHaveBeenCalledWith({ privateOnly: true });
    await userEvent.click(canvas.getByText('Cluster', { selector: 'summary' }));
    await expect(canvas.getByRole('checkbox', { name: 'Healthcare' })).not.toBeVisible();
  },
};

export const MorePages: Story = {
  args: { state: { ...ready, total: 30, hasMore: true } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(args.actions.loadMore).toHaveBeenCalled();
  },
};

export const LoadingMore: Story = {
  args: { state: { ...ready, total: 30, hasMore: true, loadingMore: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: MESSAGES.loading })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** Card skeletons while the first page loads; "Loading..." is still the status screen readers hear. */
export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', jobs: [], total: 0 } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.loading);
    const skeletons = [...canvasElement.querySelectorAll('.ok-job-card[data-state="loading"]')];
    await expect(skeletons.length).toBeGreaterThan(2);
    await expect(skeletons[0]).toBeVisible();
    await expect(canvas.queryAllByRole('link')).toEqual([]);
  },
};

export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

const mixedJobs = [
  aJob({ id: 'barista', title: 'Barista', viewCount: 41, imageFileId: 'cafe' }),
  aJob({
    id: 'counsellor',
    title: 'Summer day camp counsellor for the junior group (ages 6 to 9)',
    company: 'Oakville Parks and Recreation',
    cluster: 'Education',
    applicationDeadline: '2026-12-15T00:00:00.000+00:00',
    viewCount: 7,
  }),
  aJob({ id: 'cashier', title: 'Cashier', company: 'FreshMart', location: 'Milton', hourlyRate: null, cluster: null, viewCount: 8 }),
];

const box = (element: Element | null | undefined) => element?.getBoundingClientRect() ?? new DOMRect();

/**
 * Compact rows (issue 25): a card with a long title or a picture stays a short row, a card without a
 * picture shows no placeholder, and the dates line ends each card.
 */
export const EvenCards: Story = {
  args: { state: { ...ready, jobs: mixedJobs, total: mixedJobs.length } },
  play: async ({ canvasElement }) => {
    const cards = [...canvasElement.querySelectorAll('.ok-job-card')];
    await expect(cards).toHaveLength(3);
    for (const card of cards) {
      // Four such rows fit on a 390x844 phone's first screen below the header and the search.
      await expect(box(card).height).toBeLessThan(160);
      const footer = box(card.querySelector('.ok-job-card__footer'));
      await expect(footer.bottom).toBeLessThanOrEqual(box(card).bottom);
    }
    await expect(canvasElement.querySelectorAll('.ok-job-card img')).toHaveLength(1);
  },
};

/** A search that found nothing, with the correction the SDK offered (issue 25): a button that searches it. */
export const DidYouMean: Story = {
  args: { state: { ...ready, jobs: [], total: 0, filters: { ...NO_FILTERS, search: 'cashr' }, searchSuggestion: 'cashier' } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Did you mean cashier?' }));
    await expect(args.actions.typeSearch).toHaveBeenCalledWith('cashier');
    await expect(args.actions.submitSearch).toHaveBeenCalled();
  },
};

/** An end date before the start (typed, or from a shared address) is refused on the end date, beside the date rule (issue 25). */
export const ReversedDates: Story = {
  args: { state: { ...ready, filters: { ...NO_FILTERS, startDate: '2026-12-10', endDate: '2026-12-01' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('End date')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent(ALERT_MESSAGES.endBeforeStart);
    await expect(canvas.getByText(DATE_RULE)).toBeVisible();
  },
};

export const Empty: Story = {
  args: { state: { ...ready, postingType: 'Gig', jobs: [], total: 0 }, title: 'Gig opportunities' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(emptyListingMessage('Gig'));
  },
};

/** A student's listing where they applied to one posting: its card says so. */
export const AppliedCard: Story = {
  args: { state: { ...ready, appliedJobIds: new Set(['cashier']) } },
  play: async ({ canvas }) => {
    const cashier = canvas.getByRole('link', { name: 'Cashier' }).closest('article');
    await expect(cashier).toHaveTextContent('Applied');
    await expect(canvas.getByRole('link', { name: 'Barista' }).closest('article')).not.toHaveTextContent('Applied');
  },
};

/** A search that matches nothing says so, and offers to clear it. */
export const NothingMatches: Story = {
  args: { state: { ...ready, jobs: [], total: 0, filters: { ...NO_FILTERS, search: 'astronaut', locations: ['Guelph'] } } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No Job opportunities match your search and filters.');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search and filters' }));
    await expect(args.actions.setFilters).toHaveBeenCalledWith(NO_FILTERS);
  },
};

export const Failed: Story = {
  args: { state: { ...ready, status: 'error', error: 'We could not reach the server. Please check your connection and try again.', jobs: [] } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not reach the server.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { state: { ...ready, jobs: teacherJobs, total: teacherJobs.length }, showPrivateFilter: true },
};

/** The fake behind the connected story, made fresh each time it renders, so counts start over. */
let live: FakeJobs | undefined;

/**
 * The connected board over an in-memory jobs module: opening a card counts a view, and new postings arrive live.
 * `JobBoard` gets its own props only, not the view's, and only they have controls.
 */
export const Connected: StoryObj<typeof JobBoard> = {
  parameters: { controls: { include: ['postingType', 'viewer', 'onOpen', 'pageSize'] } },
  // A teacher's board, since only posters and staff see how often a posting was viewed.
  args: { postingType: 'Job', viewer: { id: 'teacher1', role: 'teacher' }, onOpen: fn(), pageSize: 2 },
  render: function ConnectedBoard({ postingType, viewer, onOpen, pageSize }) {
    const [api] = useState(
      () =>
        (live = fakeJobs(
          jobs.map((job) => ({ ...job, imageFileId: null })),
          { id: 'teacher1', role: 'teacher' },
        )),
    );
    return <JobBoard jobs={api} postingType={postingType} viewer={viewer} onOpen={onOpen} pageSize={pageSize} />;
  },
  play: async ({ args, canvas, userEvent }) => {
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('3 opportunities'));
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    await userEvent.click(canvas.getByRole('link', { name: 'Cashier' }));
    await expect(args.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'cashier' }));
    await waitFor(() => expect(canvas.getByRole('link', { name: 'Cashier' })).toHaveAccessibleDescription(/9 views/));
    live?.emit('create', aJob({ id: 'cook', title: 'Line cook', createdAt: '2030-01-01T00:00:00.000+00:00' }));
    await waitFor(() => expect(canvas.getAllByRole('link')[0]).toHaveTextContent('Line cook'));
  },
};

/** A student's listing with a search set: Save toggles on the cards (Barista saved) and "Save this search". */
export const StudentSaving: Story = {
  args: {
    state: { ...ready, filters: { ...NO_FILTERS, search: 'barista' }, savedJobIds: new Set(['barista']), searchSave: { status: 'idle' } },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'Save Barista' })).toHaveAttribute('aria-pressed', 'true');
    const cashier = canvas.getByRole('button', { name: 'Save Cashier' });
    await expect(cashier).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(cashier);
    await expect(args.actions.toggleSave).toHaveBeenCalledWith(expect.objectContaining({ id: 'cashier' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save this search' }));
    await expect(args.actions.saveSearch).toHaveBeenCalled();
  },
};

/** After "Save this search": the confirmation in place, and the button rests until the filters change. */
export const SearchSaved: Story = {
  args: {
    state: { ...ready, filters: { ...NO_FILTERS, locations: ['Oakville'] }, savedJobIds: new Set(), searchSave: { status: 'saved', message: SEARCH_SAVED } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(SEARCH_SAVED)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save this search' })).toHaveAttribute('aria-disabled', 'true');
  },
};

/** A 21st saved search is refused, with the reason in place. */
export const SearchRefused: Story = {
  args: {
    state: { ...ready, filters: { ...NO_FILTERS, search: 'cafe' }, savedJobIds: new Set(), searchSave: { status: 'failed', message: ALERT_MESSAGES.tooMany } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(ALERT_MESSAGES.tooMany)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save this search' })).toHaveAttribute('aria-disabled', 'false');
  },
};
