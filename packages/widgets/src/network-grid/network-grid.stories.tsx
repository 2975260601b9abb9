import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aProfile } from '../testing/a-profile.ts';
import { PHOTO_URL } from '../testing/photo.ts';
import { NetworkGrid } from './network-grid.tsx';
import { NetworkGridView } from './network-grid-view.tsx';
import type { NetworkGridActions, NetworkGridState } from './network-grid-model.ts';

const people = [
  aProfile({ id: 'u1', name: 'Ana Lima', email: '1ana.lima@school.example', photoFileId: 'p1' }),
  aProfile({ id: 'u2', name: 'Lee Chen', email: 'lee.chen@school.example', role: 'teacher', interests: 'Mathematics, Chess Club' }),
  aProfile({
    id: 'u3',
    name: 'Priya Shah',
    email: 'priya@beanthere.example',
    role: 'recruiter',
    school: '',
    interests: 'Hospitality, Hiring',
    photoFileId: 'p3',
  }),
  aProfile({ id: 'u4', name: 'Sam Park', email: '1sam.park@school.example', interests: 'Soccer' }),
];

const OFFLINE = new PortalError('network').message;

const ready: NetworkGridState = { status: 'ready', error: null, profiles: people, total: people.length, hasMore: false, loadingMore: false, moreError: null };

const actions: NetworkGridActions = { loadMore: fn(), retry: fn() };

const meta = {
  title: 'Profiles/NetworkGrid',
  component: NetworkGridView,
  args: { state: ready, actions, photoUrl: () => PHOTO_URL },
} satisfies Meta<typeof NetworkGridView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Grid: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: MESSAGES.discoverNetwork })).toBeVisible();
    await expect(canvas.getAllByRole('link')).toHaveLength(4);
    await expect(canvas.getByRole('link', { name: 'Lee Chen' })).toHaveAttribute('href', '/network/lee.chen%40school.example');
  },
};

export const WithRouter: Story = {
  args: { onOpen: fn(), state: { ...ready, hasMore: true } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Ana Lima' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith(expect.objectContaining({ email: '1ana.lima@school.example' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Show more' }));
    await expect(args.actions.loadMore).toHaveBeenCalled();
  },
};

/** Profile card skeletons while the first page loads; screen readers hear "Loading...". */
export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', profiles: [] } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.loading);
    const skeleton = canvasElement.querySelector('.ok-network-card[data-state="loading"]');
    await expect(skeleton).toBeVisible();
    await expect(skeleton?.closest('[aria-hidden="true"]')).not.toBeNull();
  },
};

export const LoadingDark: Story = { ...Loading, globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { state: { ...ready, profiles: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No public profiles yet.')).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { state: { ...ready, status: 'error', profiles: [] } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

/** "Show more" failed: the list stays, the reason shows next to the button, and the button retries. */
export const LoadMoreFailed: Story = {
  args: { state: { ...ready, hasMore: true, moreError: OFFLINE } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(OFFLINE);
    await expect(canvas.getAllByRole('link')).toHaveLength(4);
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

type ConnectedStory = StoryObj<typeof NetworkGrid>;

/** What the connected stories share: `NetworkGrid` gets its own props only, not the view's `state` and `actions`, and only they have controls. */
const connected = {
  parameters: { controls: { include: ['profiles', 'files', 'pageSize', 'profileHref', 'onOpen', 'headingLevel'] } },
  render: ({ profiles, files, pageSize, profileHref, onOpen, headingLevel }) => (
    <NetworkGrid profiles={profiles} files={files} pageSize={pageSize} profileHref={profileHref} onOpen={onOpen} headingLevel={headingLevel} />
  ),
} satisfies ConnectedStory;

/** The connected grid over an SDK stand-in. */
export const Connected: ConnectedStory = {
  ...connected,
  args: {
    profiles: { listPublic: async () => ({ items: people, total: people.length, nextCursor: null }) },
    files: { viewUrl: () => PHOTO_URL },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findAllByRole('link')).toHaveLength(4);
  },
};
