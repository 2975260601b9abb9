import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { MyApplications } from './my-applications.tsx';
import { MyApplicationsView } from './my-applications-view.tsx';

const now = new Date('2026-11-21T12:00:00.000Z');
const sample = [
  anApplication({ jobId: 'j1', jobTitle: 'Lifeguard', status: 'pending', createdAt: '2026-11-21T11:15:00.000Z' }),
  anApplication({ jobId: 'j2', jobTitle: 'Barista (part-time)', status: 'accepted', createdAt: '2026-11-18T08:00:00.000Z' }),
  anApplication({ jobId: 'j3', jobTitle: 'Math tutor', status: 'rejected', createdAt: '2026-10-02T16:30:00.000Z' }),
];

const OFFLINE = new PortalError('network').message;

const meta = {
  title: 'Applications/MyApplications',
  component: MyApplicationsView,
  args: { status: 'ready', items: sample, hasMore: false, loadingMore: false, error: null, loadMoreError: null, now, onLoadMore: fn(), onRetry: fn() },
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
  args: { onOpenJob: fn(), hasMore: true },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Lifeguard' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpenJob).toHaveBeenCalledWith('j1');
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeVisible();
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You have not applied to any opportunities yet.')).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { status: 'error', items: [] },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** "Show more" failed: the list stays, the reason shows next to the button, and the button retries. */
export const LoadMoreFailed: Story = {
  args: { hasMore: true, loadMoreError: OFFLINE },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(OFFLINE);
    await expect(canvas.getAllByRole('link')).toHaveLength(3);
    const retry = canvas.getByRole('button', { name: 'Show more' });
    await expect(retry).toHaveAccessibleDescription(OFFLINE);
    retry.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** The connected list over an SDK stand-in. */
export const Connected: StoryObj<typeof MyApplications> = {
  args: { applications: { listMine: async () => ({ items: sample, total: sample.length, nextCursor: null }) } },
  render: (args) => <MyApplications {...args} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByRole('link')).toHaveLength(3);
  },
};
