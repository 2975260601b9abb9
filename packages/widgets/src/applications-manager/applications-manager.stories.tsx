import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES, type Application } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { ApplicationsManager } from './applications-manager.tsx';
import type { ApplicationsManagerApi } from './applications-manager-controller.ts';
import type { ApplicationsManagerActions, ApplicationsManagerState } from './applications-manager-model.ts';
import { ApplicationsManagerView } from './applications-manager-view.tsx';

const now = new Date('2026-11-21T12:00:00.000Z');
const resumeUrl = (application: Application) => `#resume-${application.resumeFileId}`;

const applications = (): Application[] => [
  anApplication({ id: 'a1', jobId: 'j1', jobTitle: 'Lifeguard', applicantEmail: '1ana.lima@school.example', createdAt: '2026-11-21T11:15:00.000Z' }),
  anApplication({
    id: 'a2',
    jobId: 'j2',
    jobTitle: 'Barista (part-time)',
    applicantEmail: '1sam.park@school.example',
    status: 'accepted',
    createdAt: '2026-11-20T08:00:00.000Z',
  }),
  anApplication({
    id: 'a3',
    jobId: 'j3',
    jobTitle: 'Math tutor',
    applicantEmail: '1lee.chen@school.example',
    status: 'rejected',
    createdAt: '2026-11-14T16:30:00.000Z',
  }),
];

const sample = applications();

const OFFLINE = new PortalError('network').message;

const ready: ApplicationsManagerState = {
  filter: 'all',
  status: 'ready',
  error: null,
  applications: sample,
  total: sample.length,
  hasMore: false,
  loadingMore: false,
  moreError: null,
  selected: null,
  decision: { state: 'idle' },
  applicantNames: new Map([
    ['1ana.lima@school.example', 'Ana Lima'],
    ['1sam.park@school.example', 'Sam Park'],
    ['1lee.chen@school.example', null],
  ]),
  postings: 'some',
};

const actions: ApplicationsManagerActions = {
  setFilter: fn(),
  select: fn(),
  decide: fn(),
  loadMore: fn(),
  retry: fn(),
};

const meta = {
  title: 'Applications/ApplicationsManager',
  component: ApplicationsManagerView,
  args: { state: ready, actions, resumeUrl, now },
} satisfies Meta<typeof ApplicationsManagerView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: /Lifeguard/ }));
    await expect(args.actions.select).toHaveBeenCalledWith('a1');
    await userEvent.click(canvas.getByRole('button', { name: 'Pending' }));
    await expect(args.actions.setFilter).toHaveBeenCalledWith('pending');
  },
};

/** Grouped by posting with counts; applicants by name, or by e-mail when no profile is visible. */
export const GroupedByPosting: Story = {
  args: {
    state: {
      ...ready,
      applications: [...sample, anApplication({ id: 'a4', jobId: sample[0]!.jobId, jobTitle: 'Lifeguard', applicantEmail: '1sam.park@school.example' })],
      total: 4,
    },
  },
  play: async ({ canvas }) => {
    const lifeguard = canvas.getByRole('region', { name: 'Lifeguard (2 applicants)' });
    await expect(within(lifeguard).getByRole('button', { name: /^Ana Lima/ })).toBeVisible();
    await expect(within(lifeguard).getByRole('button', { name: /^Sam Park/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /^1lee\.chen@school\.example/ })).toBeVisible();
  },
};

/** The Rejected filter. */
export const RejectedFilter: Story = {
  args: { state: { ...ready, filter: 'rejected', applications: sample.filter((item) => item.status === 'rejected'), total: 1 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Rejected', pressed: true })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(1);
  },
};

/** Reject asks first, naming the applicant. */
export const RejectConfirm: Story = {
  args: { state: { ...ready, selected: sample[0]! } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Reject' }));
    const dialog = canvas.getByRole('alertdialog', { name: 'Reject application' });
    await expect(dialog).toHaveTextContent('Ana Lima');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await expect(args.actions.decide).toHaveBeenCalledWith('rejected');
  },
};

/** No postings yet: the next step is a first posting. */
export const NoPostings: Story = {
  args: { state: { ...ready, applications: [], total: 0, postings: 'none' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Post your first opportunity')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Post an opportunity' })).toHaveAttribute('href', '/post-job');
  },
};

/** Postings, but nobody applied yet. */
export const NoApplicants: Story = {
  args: { state: { ...ready, applications: [], total: 0, postings: 'some' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No one has applied to your postings yet/)).toBeVisible();
  },
};

export const Selected: Story = {
  args: { state: { ...ready, selected: sample[0]! } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Lifeguard' })).toHaveFocus();
    await expect(canvas.getByRole('link', { name: /Open resume/ })).toHaveAttribute('href', `#resume-${sample[0]!.resumeFileId}`);
    await expect(canvas.getByRole('link', { name: 'View profile of Ana Lima' })).toHaveAttribute('href', '/network/1ana.lima%40school.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(args.actions.decide).toHaveBeenCalledWith('accepted');
  },
};

export const Saving: Story = {
  args: { state: { ...ready, selected: sample[0]!, decision: { state: 'saving', status: 'accepted' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Accepting…' })).toBeDisabled();
  },
};

export const Accepted: Story = {
  args: {
    state: {
      ...ready,
      filter: 'accepted',
      applications: sample.filter((item) => item.status === 'accepted'),
      total: 1,
      decision: { state: 'done', message: MESSAGES.statusUpdatedAccepted },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.statusUpdatedAccepted);
  },
};

export const UpdateFailed: Story = {
  args: { state: { ...ready, selected: sample[0]!, decision: { state: 'failed', message: MESSAGES.genericError } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.genericError);
  },
};

export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', applications: [], total: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeVisible();
  },
};

export const Empty: Story = {
  args: { state: { ...ready, filter: 'pending', applications: [], total: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No pending applications.')).toBeVisible();
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
    await expect(canvas.getByRole('button', { name: /Lifeguard/ })).toBeVisible();
    const retry = canvas.getByRole('button', { name: 'Show more' });
    await expect(retry).toHaveAccessibleDescription(OFFLINE);
    retry.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.actions.loadMore).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { state: { ...ready, selected: sample[1]!, decision: { state: 'done', message: MESSAGES.statusUpdated } } },
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

type ConnectedStory = StoryObj<typeof ApplicationsManager>;

/**
 * What the connected stories share: `ApplicationsManager` gets its own props only, not the view's `state`,
 * `actions`, `resumeUrl` and `now`, and only they have controls.
 */
const connected = {
  parameters: {
    controls: { include: ['applications', 'files', 'pageSize', 'profiles', 'hasPostings', 'personHref', 'postJobHref', 'onNavigate'] },
  },
  render: ({ applications, files, pageSize, profiles, hasPostings, personHref, postJobHref, onNavigate }) => (
    <ApplicationsManager
      applications={applications}
      files={files}
      pageSize={pageSize}
      profiles={profiles}
      hasPostings={hasPostings}
      personHref={personHref}
      postJobHref={postJobHref}
      onNavigate={onNavigate}
    />
  ),
} satisfies ConnectedStory;

/** The connected manager: open an application, accept it, and the selection clears with the spec's confirmation. */
export const Connected: ConnectedStory = {
  ...connected,
  args: { applications: fakeApplications(applications()), files: { viewUrl: (bucket, id) => `#${bucket}-${id}` } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: /Lifeguard/ }));
    await expect(canvas.getByRole('heading', { name: 'Lifeguard' })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.statusUpdatedAccepted));
    await expect(canvas.queryByRole('region', { name: 'Lifeguard' })).toBeNull();
    await expect(canvas.getByRole('button', { name: /Lifeguard/ })).toHaveFocus();
  },
};
