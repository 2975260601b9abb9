import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { CLUSTERS, emptyListingMessage, LOCATIONS, MESSAGES } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs, type FakeJobs } from '../testing/fake-jobs.ts';
import { placeholderImage } from '../testing/placeholder-image.ts';
import { JobBoard } from './job-board.tsx';
import { JobBoardView } from './job-board-view.tsx';
import { NO_FILTERS } from './job-board-model.ts';

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

const meta = {
  title: 'Jobs/JobBoard',
  component: JobBoardView,
  args: {
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
    total: jobs.length,
    hasMore: false,
    loadingMore: false,
    moreError: null,
    jobHref: (job) => `/job/${job.id}`,
    imageUrl: (job) => (job.imageFileId ? placeholderImage(job.company, 30) : null),
    onSearchInput: fn(),
    onSearchSubmit: fn(),
    onChange: fn(),
    onStartDate: fn(),
    onLoadMore: fn(),
    onRetry: fn(),
    onOpen: fn(),
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
    await expect(args.onChange).toHaveBeenCalledWith({ sortByViews: true });
    await userEvent.click(canvas.getByRole('link', { name: 'Cashier' }));
    await expect(args.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'cashier' }));
  },
};

/** A teacher sees assigned postings as gray cards, private ones, and the Private Filter. */
export const Teacher: Story = {
  args: {
    jobs: teacherJobs,
    total: teacherJobs.length,
    showPrivateFilter: true,
    filters: { ...NO_FILTERS, locations: ['Burlington', 'Oakville'], startDate: '2026-12-01' },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(/Student Assigned to/)).toHaveTextContent('Student Assigned to 1ana@school.example');
    await expect(canvas.getByText('(2 selected)')).toBeVisible();
    await expect(canvas.getByLabelText('End date')).toBeEnabled();
    await expect(canvas.getByLabelText('End date')).toHaveAttribute('min', '2026-12-01');
    await userEvent.click(canvas.getByText('Cluster', { selector: 'summary' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Healthcare' }));
    await expect(args.onChange).toHaveBeenCalledWith({ clusters: ['Healthcare'] });
    await userEvent.click(canvas.getByRole('switch', { name: 'Private Filter' }));
    await expect(args.onChange).toHaveBeenCalledWith({ privateOnly: true });
    await userEvent.click(canvas.getByText('Cluster', { selector: 'summary' }));
    await expect(canvas.getByRole('checkbox', { name: 'Healthcare' })).not.toBeVisible();
  },
};

export const MorePages: Story = {
  args: { total: 30, hasMore: true },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};

export const LoadingMore: Story = {
  args: { total: 30, hasMore: true, loadingMore: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: MESSAGES.loading })).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Loading: Story = {
  args: { status: 'loading', jobs: [], total: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.loading);
  },
};

export const Empty: Story = {
  args: { postingType: 'Gig', title: 'Gig opportunities', jobs: [], total: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(emptyListingMessage('Gig'));
  },
};

export const Failed: Story = {
  args: { status: 'error', error: 'We could not reach the server. Please check your connection and try again.', jobs: [] },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not reach the server.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { jobs: teacherJobs, total: teacherJobs.length, showPrivateFilter: true },
};

/** The fake behind the connected story, made fresh each time it renders, so counts start over. */
let live: FakeJobs | undefined;

function ConnectedBoard() {
  const [api] = useState(
    () =>
      (live = fakeJobs(
        jobs.map((job) => ({ ...job, imageFileId: null })),
        { id: 'student1', role: 'student' },
      )),
  );
  return <JobBoard jobs={api} postingType="Job" viewer={{ id: 'student1', role: 'student' }} onOpen={opened} pageSize={2} />;
}
const opened = fn();

/** The connected board over an in-memory jobs module: opening a card counts a view, and new postings arrive live. */
export const Connected: StoryObj<typeof JobBoard> = {
  render: () => <ConnectedBoard />,
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('3 opportunities'));
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(3));
    await userEvent.click(canvas.getByRole('link', { name: 'Cashier' }));
    await expect(opened).toHaveBeenCalledWith(expect.objectContaining({ id: 'cashier' }));
    await waitFor(() => expect(canvas.getByRole('link', { name: 'Cashier' })).toHaveAccessibleDescription(/9 views/));
    live?.emit('create', aJob({ id: 'cook', title: 'Line cook', createdAt: '2030-01-01T00:00:00.000+00:00' }));
    await waitFor(() => expect(canvas.getAllByRole('link')[0]).toHaveTextContent('Line cook'));
  },
};
