import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { MyApplications } from './my-applications.tsx';
import type { MyApplicationsActions, MyApplicationsState } from './my-applications-model.ts';
import { MyApplicationsView } from './my-applications-view.tsx';

const now = new Date('2026-11-21T12:00:00.000Z');
const sample = [
  anApplication({ jobId: 'j1', jobTitle: 'Lifeguard', status: 'pending', createdAt: '2026-11-21T11:15:00.000Z' }),
  anApplication({ jobId: 'j2', jobTitle: 'Barista (part-time)', status: 'accepted', createdAt: '2026-11-18T08:00:00.000Z' }),
  anApplication({ jobId: 'j3', jobTitle: 'Math tutor', status: 'rejected', createdAt: '2026-10-02T16:30:00.000Z' }),
];

const OFFLINE = new PortalError('network').message;

const ready: MyApplicationsState = {
  status: 'ready',
  error: null,
  applications: sample,
  total: sample.length,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  withdrawal: { state: 'idle' },
  newDecisionIds: new Set(),
};

const actions: MyApplicationsActions = { loadMore: fn(), retry: fn(), askToWithdraw: fn(), cancelWithdraw: fn(), confirmWithdraw: fn() };

const meta = {
  title: 'Applications/MyApplications',
  component: MyApplicationsView,
  args: { state: ready, actions, now },
} satisfies Meta<typeof MyApplicationsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Outcomes: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.applicationPending)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.applicationAccepted)).toBeVisible();
    await expect(canvas.getByText(MESSAGES.applicationRejected)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Lifeguard' })).toHaveAttribute('href', '/job/j1');
  },
};

export const WithRouter: Story = {
  args: { onOpenJob: fn(), state: { ...ready, total: 30, hasMore: true } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Lifeguard' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpenJob).toHaveBeenCalledWith('j1');
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(args.actions.loadMore).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', applications: [], total: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeVisible();
  },
};

/** No applications yet: what to do next, with the four listings. */
export const Empty: Story = {
  args: { state: { ...ready, applications: [], total: 0 }, onOpenListing: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText("You haven't applied yet")).toBeVisible();
    const listings = canvas.getByRole('navigation', { name: 'Opportunity listings' });
    await expect(within(listings).getAllByRole('link')).toHaveLength(4);
    await userEvent.click(within(listings).getByRole('link', { name: 'Volunteering' }));
    await expect(args.onOpenListing).toHaveBeenCalledWith('/volunteer');
  },
};

/** Bug 15: a removed posting's application says so, and its title leads nowhere. */
export const PostingRemoved: Story = {
  args: {
    state: { ...ready, applications: [anApplication({ jobTitle: 'Snow shoveller', postingRemoved: true }), sample[1]!], total: 2 },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.applicationPostingRemoved)).toBeVisible();
    await expect(canvas.getByText('Snow shoveller')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Snow shoveller' })).toBeNull();
  },
};

/** A decision the student has not seen yet is marked "New". */
export const NewDecision: Story = {
  args: { state: { ...ready, newDecisionIds: new Set([sample[1]!.id]) } },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('New')).toHaveLength(1);
    await expect(canvas.getByRole('link', { name: 'Barista (part-time)' })).toHaveAccessibleDescription(/^New/);
  },
};

/** "Withdraw" on a pending application asks first. */
export const WithdrawConfirm: Story = {
  args: { state: { ...ready, withdrawal: { state: 'confirming', application: sample[0]! } } },
  play: async ({ args, canvas, userEvent }) => {
    const dialog = canvas.getByRole('alertdialog', { name: 'Withdraw application' });
    await expect(dialog).toHaveTextContent('Lifeguard');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await expect(args.actions.confirmWithdraw).toHaveBeenCalled();
  },
};

export const Withdrawing: Story = {
  args: { state: { ...ready, withdrawal: { state: 'withdrawing', application: sample[0]! } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Withdrawing…' })).toBeDisabled();
  },
};

export const Withdrawn: Story = {
  args: { state: { ...ready, applications: sample.slice(1), total: 2, withdrawal: { state: 'done', message: MESSAGES.applicationWithdrawn } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.applicationWithdrawn)).toBeVisible();
  },
};

/** The server refused: the reason shows on the application, which stays. */
export const WithdrawFailed: Story = {
  args: { state: { ...ready, withdrawal: { state: 'failed', applicationId: sample[0]!.id, message: MESSAGES.onlyPendingWithdrawn } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.onlyPendingWithdrawn);
    await expect(canvas.getByRole('button', { name: 'Withdraw application to Lifeguard' })).toHaveAccessibleDescription(MESSAGES.onlyPendingWithdrawn);
  },
};

export const LoadError: Story = {
  args: { state: { ...ready, status: 'error', applications: [], total: 0 } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

/** "Show more" failed: the list stays, the reason shows next to the button, and the button retries. */
export const LoadMoreFailed: Story = {
  args: { state: { ...ready, total: 30, hasMore: true, moreError: OFFLINE } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(OFFLINE);
    await expect(canvas.getAllByRole('link')).toHaveLength(3);
    const retry = canvas.getByRole('button', { name: 'Show more' });
    await expect(retry).toHaveAccessibleDescription(OFFLINE);
    retry.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.actions.loadMore).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

type ConnectedStory = StoryObj<typeof MyApplications>;

/** What the connected stories share: `MyApplications` gets its own props only, not the view's `state`, `actions` and `now`, and only they have controls. */
const connected = {
  parameters: { controls: { include: ['applications', 'pageSize', 'seenDecisions', 'jobHref', 'onOpenJob', 'onOpenListing'] } },
  render: ({ applications, pageSize, seenDecisions, jobHref, onOpenJob, onOpenListing }) => (
    <MyApplications
      applications={applications}
      pageSize={pageSize}
      seenDecisions={seenDecisions}
      jobHref={jobHref}
      onOpenJob={onOpenJob}
      onOpenListing={onOpenListing}
    />
  ),
} satisfies ConnectedStory;

/** The connected list over an SDK stand-in. */
export const Connected: ConnectedStory = {
  ...connected,
  args: { applications: { listMine: async () => ({ items: sample, total: sample.length, nextCursor: null }), withdraw: async () => {} } },
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByRole('link')).toHaveLength(3);
  },
};
