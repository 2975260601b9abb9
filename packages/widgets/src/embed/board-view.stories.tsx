import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { emptyListingMessage, LOCATIONS, MESSAGES } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { BoardView } from './board-view.tsx';
import type { BoardActions, BoardState } from './board-model.ts';
import './opportunity-board.css';

/**
 * The views of the `<opportunity-board>` embed (which runs them on Preact in a shadow root), in each
 * state. The embed's own behaviour against a backend is tested in tests/embed/.
 */

const jobs = [
  aJob({ title: 'Barista', id: 'barista' }),
  aJob({ title: 'Dog walker', id: 'walker', postingType: 'Gig', company: 'Paws', location: 'Guelph', hourlyRate: null, companyWebsite: null }),
  aJob({ title: 'Math tutor', id: 'tutor', postingType: 'Enrichment', company: 'Learning Lab', location: 'Toronto', hourlyRate: null }),
];

const ready: BoardState = {
  filters: { search: '', postingType: '', location: '' },
  status: 'ready',
  error: null,
  jobs,
  total: jobs.length,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  detail: { status: 'closed' },
  siteRefused: false,
};

const actions: BoardActions = {
  typeSearch: fn(),
  submitSearch: fn(),
  setFilters: fn(),
  loadMore: fn(),
  retry: fn(),
  open: fn(),
  openById: fn(),
  close: fn(),
};

const meta = {
  title: 'Embed/OpportunityBoard',
  component: BoardView,
  decorators: [
    (Story) => (
      <div className="ok-board">
        <Story />
      </div>
    ),
  ],
  args: {
    state: ready,
    actions,
    locations: LOCATIONS,
    applyUrl: (job) => `https://portal.school.example/job/${job.id}`,
    imageUrl: () => null,
    postingHref: (job) => `?opportunity=${job.id}`,
  },
} satisfies Meta<typeof BoardView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Cards: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('3 opportunities');
    await userEvent.click(canvas.getByRole('link', { name: 'Dog walker' }));
    await expect(args.actions.open).toHaveBeenCalledWith(expect.objectContaining({ id: 'walker' }));
    await userEvent.selectOptions(canvas.getByLabelText('Location'), 'Guelph');
    await expect(args.actions.setFilters).toHaveBeenCalledWith({ location: 'Guelph' });
  },
};

export const MorePages: Story = {
  args: { state: { ...ready, total: 30, hasMore: true } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(args.actions.loadMore).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', jobs: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.loading);
  },
};

export const Empty: Story = {
  args: { state: { ...ready, jobs: [], total: 0, filters: { search: '', postingType: 'Volunteering', location: '' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(emptyListingMessage('Volunteering'));
  },
};

export const Failed: Story = {
  args: { state: { ...ready, status: 'error', jobs: [] } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.genericError);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

export const Detail: Story = {
  args: { state: { ...ready, detail: { status: 'ready', job: jobs[0]! } } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Barista' })).toHaveFocus();
    await expect(canvas.getByRole('link', { name: 'Apply on the portal' })).toHaveAttribute('href', 'https://portal.school.example/job/barista');
    await userEvent.keyboard('{Escape}');
    await expect(args.actions.close).toHaveBeenCalled();
  },
};

export const NotFound: Story = {
  args: { state: { ...ready, detail: { status: 'missing' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent(MESSAGES.jobNotFound);
  },
};

/** "Load more" failed: the list stays, the reason shows next to the button, and the button retries. */
export const LoadMoreFailed: Story = {
  args: { state: { ...ready, total: 30, hasMore: true, moreError: MESSAGES.genericError } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.genericError);
    await expect(canvas.getByRole('link', { name: 'Dog walker' })).toBeVisible();
    const retry = canvas.getByRole('button', { name: 'Load more' });
    await expect(retry).toHaveAccessibleDescription(MESSAGES.genericError);
    retry.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.actions.loadMore).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};
