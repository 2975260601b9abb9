import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES, type Application } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { ApplicationsManager } from './applications-manager.tsx';
import type { ApplicationsManagerApi } from './applications-manager-controller.ts';
import { ApplicationsManagerView } from './applications-manager-view.tsx';

const now = new Date('2026-11-21T12:00:00.000Z');
const resumeUrl = (application: Application) => `#resume-${application.resumeFileId}`;

const applications = (): Application[] => [
  anApplication({ id: 'a1', jobTitle: 'Lifeguard', applicantEmail: '1ana.lima@school.example', createdAt: '2026-11-21T11:15:00.000Z' }),
  anApplication({
    id: 'a2',
    jobTitle: 'Barista (part-time)',
    applicantEmail: '1sam.park@school.example',
    status: 'accepted',
    createdAt: '2026-11-20T08:00:00.000Z',
  }),
  anApplication({ id: 'a3', jobTitle: 'Math tutor', applicantEmail: '1lee.chen@school.example', status: 'rejected', createdAt: '2026-11-14T16:30:00.000Z' }),
];

const sample = applications();

const OFFLINE = new PortalError('network').message;

const meta = {
  title: 'Applications/ApplicationsManager',
  component: ApplicationsManagerView,
  args: {
    filter: 'all',
    status: 'ready',
    items: sample,
    hasMore: false,
    loadingMore: false,
    error: null,
    loadMoreError: null,
    selected: null,
    decision: { state: 'idle' },
    resumeUrl,
    now,
    onFilter: fn(),
    onSelect: fn(),
    onDecide: fn(),
    onLoadMore: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof ApplicationsManagerView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: /Lifeguard/ }));
    await expect(args.onSelect).toHaveBeenCalledWith('a1');
    await userEvent.click(canvas.getByRole('button', { name: 'Pending' }));
    await expect(args.onFilter).toHaveBeenCalledWith('pending');
  },
};

export const Selected: Story = {
  args: { selected: sample[0]! },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Lifeguard' })).toHaveFocus();
    await expect(canvas.getByRole('link', { name: /Open resume/ })).toHaveAttribute('href', `#resume-${sample[0]!.resumeFileId}`);
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.onDecide).toHaveBeenCalledWith('accepted');
  },
};

export const Saving: Story = {
  args: { selected: sample[0]!, decision: { state: 'saving', status: 'accepted' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Accepting…' })).toBeDisabled();
  },
};

export const Accepted: Story = {
  args: {
    filter: 'accepted',
    items: sample.filter((item) => item.status === 'accepted'),
    decision: { state: 'done', message: MESSAGES.statusUpdatedAccepted },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.statusUpdatedAccepted);
  },
};

export const UpdateFailed: Story = {
  args: { selected: sample[0]!, decision: { state: 'failed', message: MESSAGES.genericError } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.genericError);
  },
};

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeVisible();
  },
};

export const Empty: Story = {
  args: { filter: 'pending', items: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No pending applications.')).toBeVisible();
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
    await expect(canvas.getByRole('button', { name: /Lifeguard/ })).toBeVisible();
    const retry = canvas.getByRole('button', { name: 'Show more' });
    await expect(retry).toHaveAccessibleDescription(OFFLINE);
    retry.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { selected: sample[1]!, decision: { state: 'done', message: MESSAGES.statusUpdated } },
};

function fakeApplications(stored: Application[]): ApplicationsManagerApi {
  return {
    listForManager: async (filter) => {
      const items = stored.filter((item) => !filter?.status || item.status === filter.status);
      return { items, total: items.length, nextCursor: null };
    },
    setStatus: async (id, status) => {
      const index = stored.findIndex((item) => item.id === id);
      stored[index] = { ...stored[index]!, status };
      return stored[index]!;
    },
  };
}

/** The connected manager: open an application, accept it, and the selection clears with the spec's confirmation. */
export const Connected: StoryObj<typeof ApplicationsManager> = {
  args: { applications: fakeApplications(applications()), files: { viewUrl: (bucket, id) => `#${bucket}-${id}` } },
  render: (args) => <ApplicationsManager {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Lifeguard/ }));
    await expect(canvas.getByRole('heading', { name: 'Lifeguard' })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.statusUpdatedAccepted));
    await expect(canvas.queryByRole('region', { name: 'Lifeguard' })).toBeNull();
    await expect(canvas.getByRole('button', { name: /Lifeguard/ })).toHaveFocus();
  },
};
