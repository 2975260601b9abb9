import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aProfile } from '../testing/a-profile.ts';
import { PHOTO_URL } from '../testing/photo.ts';
import { ProfileEditor } from './profile-editor.tsx';
import type { ProfileEditorApi } from './profile-editor-controller.ts';
import { ProfileEditorView } from './profile-editor-view.tsx';
import type { ProfileEditorActions, ProfileEditorState } from './profile-editor-model.ts';

const values = {
  name: 'Ana Lima',
  school: 'Lakeside Secondary School',
  interests: 'Robotics, Photography, Volunteering',
  bio: 'Grade 11 student who builds robots and takes pictures of them.',
  location: 'Oakville',
  isPublic: true,
  contactEmail: '1ana.lima@school.example',
};

const ready: ProfileEditorState = {
  status: 'ready',
  values,
  photoUrl: PHOTO_URL,
  errors: {},
  saveStatus: 'idle',
  progress: null,
  uploadingPhoto: false,
  message: null,
  refusals: 0,
};

const actions: ProfileEditorActions = { setValue: fn(), pickPhoto: fn(), save: fn(), retry: fn() };

const meta = {
  title: 'Profiles/ProfileEditor',
  component: ProfileEditorView,
  args: { state: ready, actions },
} satisfies Meta<typeof ProfileEditorView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('switch', { name: 'Public profile' }));
    await expect(args.actions.setValue).toHaveBeenCalledWith('isPublic', false);
    await userEvent.click(canvas.getByRole('button', { name: 'Save profile' }));
    await expect(args.actions.save).toHaveBeenCalled();
  },
};

export const FirstProfile: Story = {
  args: {
    state: {
      ...ready,
      values: { name: 'Ana Lima', school: '', interests: '', bio: '', location: '', isPublic: true, contactEmail: '1ana.lima@school.example' },
      photoUrl: null,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Public profile' })).toBeChecked();
  },
};

export const Private: Story = {
  args: { state: { ...ready, values: { ...values, isPublic: false } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Only you can see your profile.')).toBeVisible();
  },
};

export const Mistakes: Story = {
  args: {
    state: {
      ...ready,
      values: { ...values, name: '', contactEmail: 'ana@' },
      errors: { name: 'Please enter your name', contactEmail: 'Please enter a valid email address' },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const UploadingPhoto: Story = {
  args: { state: { ...ready, saveStatus: 'saving', uploadingPhoto: true, progress: 65 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Uploading photo (65%)' })).toBeVisible();
    await expect(canvas.getByLabelText('Name')).toBeDisabled();
  },
};

export const Saved: Story = {
  args: { state: { ...ready, saveStatus: 'saved', message: MESSAGES.profileUpdated } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.profileUpdated);
  },
};

export const SaveFailed: Story = {
  args: { state: { ...ready, saveStatus: 'failed', message: 'We could not reach the server. Please check your connection and try again.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not reach the server.');
    await expect(canvas.queryByText(MESSAGES.profileUpdated)).toBeNull();
  },
};

export const Loading: Story = {
  args: { state: { ...ready, status: 'loading' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { state: { ...ready, status: 'error' } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: {
    state: { ...ready, errors: { contactEmail: 'Please enter a valid email address' }, saveStatus: 'failed', message: 'Please enter a valid email address' },
  },
};

const files = { viewUrl: () => PHOTO_URL };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type ConnectedStory = StoryObj<typeof ProfileEditor>;

/** What the connected stories share: `ProfileEditor` gets its own props only, not the view's `state` and `actions`, and only they have controls. */
const connected = {
  parameters: { controls: { include: ['profiles', 'files', 'account', 'onSaved'] } },
  render: ({ profiles, files, account, onSaved }) => <ProfileEditor profiles={profiles} files={files} account={account} onSaved={onSaved} />,
} satisfies ConnectedStory;

/** The connected editor: a new photo uploads with progress, then the success text and `onSaved`. */
export const Connected: ConnectedStory = {
  ...connected,
  args: {
    profiles: {
      mine: async () => aProfile({ ...values, photoFileId: 'p1' }),
      save: async (input, options) => {
        for (const percent of [0, 50, 100]) {
          options?.onProgress?.({ percent, uploadedBytes: percent, totalBytes: 100 });
          await wait(30);
        }
        return aProfile({ ...values, name: input.name, location: input.location ?? '', photoFileId: 'p2' });
      },
    } satisfies ProfileEditorApi,
    files,
    onSaved: fn(),
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(await canvas.findByLabelText('Location'), ' West');
    await userEvent.upload(canvas.getByLabelText('Profile photo'), new File(['png'], 'me.png', { type: 'image/png' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save profile' }));
    await expect(await canvas.findByRole('progressbar')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.profileUpdated));
    await expect(args.onSaved).toHaveBeenCalledWith(expect.objectContaining({ location: 'Oakville West', photoFileId: 'p2' }));
  },
};

/** The connected editor when the save fails: no success text, and `onSaved` is not called. */
export const ConnectedFailure: ConnectedStory = {
  ...connected,
  args: {
    profiles: {
      mine: async () => aProfile(values),
      save: async () => {
        throw new PortalError('network');
      },
    },
    files,
    onSaved: fn(),
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Save profile' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(new PortalError('network').message);
    await expect(canvas.queryByText(MESSAGES.profileUpdated)).toBeNull();
    await expect(args.onSaved).not.toHaveBeenCalled();
  },
};
