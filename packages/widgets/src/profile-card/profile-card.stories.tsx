import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aProfile } from '../testing/a-profile.ts';
import { PHOTO_URL } from '../testing/photo.ts';
import { ProfileCard } from './profile-card.tsx';
import { ProfileCardView } from './profile-card-view.tsx';
import type { ProfileCardActions, ProfileCardState } from './profile-card-model.ts';

const ana = aProfile({ name: 'Ana Lima', email: '1ana.lima@school.example', photoFileId: 'p1', contactEmail: 'ana.lima@example.com' });

const ready: ProfileCardState = { status: 'ready', profile: ana };

const actions: ProfileCardActions = { retry: fn() };

const meta = {
  title: 'Profiles/ProfileCard',
  component: ProfileCardView,
  args: { state: ready, actions, photoUrl: () => PHOTO_URL },
} satisfies Meta<typeof ProfileCardView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Student: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Ana Lima');
    await expect(canvas.getByRole('link', { name: 'ana.lima@example.com' })).toHaveAttribute('href', 'mailto:ana.lima@example.com');
  },
};

export const Employer: Story = {
  args: {
    state: {
      ...ready,
      profile: aProfile({
        name: 'Priya Shah',
        role: 'recruiter',
        school: '',
        location: 'Toronto',
        interests: 'Hospitality',
        bio: 'Hiring manager at Bean There Cafe.',
        photoFileId: null,
      }),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Employer · Toronto')).toBeVisible();
  },
};

export const OwnPrivateProfile: Story = {
  args: { state: { ...ready, profile: { ...ana, isPublic: false } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Your profile is private: only you can see it.')).toBeVisible();
  },
};

export const NotFound: Story = {
  args: { state: { ...ready, status: 'missing', profile: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading')).toHaveTextContent(MESSAGES.profileNotFound);
  },
};

export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', profile: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { state: { ...ready, status: 'error', profile: null } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

type ConnectedStory = StoryObj<typeof ProfileCard>;

/** What the connected stories share: `ProfileCard` gets its own props only, not the view's, and only they have controls. */
const connected = {
  parameters: { controls: { include: ['email', 'profiles', 'viewerEmail', 'files', 'headingLevel'] } },
  render: ({ email, profiles, viewerEmail, files, headingLevel }) => (
    <ProfileCard email={email} profiles={profiles} viewerEmail={viewerEmail} files={files} headingLevel={headingLevel} />
  ),
} satisfies ConnectedStory;

/** The connected profile page: a private profile of someone else reads "Profile not found". */
export const ConnectedPrivate: ConnectedStory = {
  ...connected,
  args: {
    email: '1ana.lima@school.example',
    viewerEmail: 'lee.chen@school.example',
    profiles: { getByEmail: async () => ({ ...ana, isPublic: false }) },
    files: { viewUrl: () => PHOTO_URL },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: MESSAGES.profileNotFound })).toBeVisible();
  },
};

/** The connected profile page for a public profile. */
export const Connected: ConnectedStory = {
  ...connected,
  args: {
    email: '1ana.lima@school.example',
    profiles: { getByEmail: async () => ana },
    files: { viewUrl: () => PHOTO_URL },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Ana Lima' })).toBeVisible();
  },
};
