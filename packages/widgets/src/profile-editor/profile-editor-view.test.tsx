import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aProfile } from '../testing/a-profile.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { ProfileEditor } from './profile-editor.tsx';
import type { ProfileEditorApi } from './profile-editor-controller.ts';
import { EMPTY_PROFILE, type ProfileEditorActions, type ProfileEditorState } from './profile-editor-model.ts';
import { ProfileEditorView } from './profile-editor-view.tsx';

const files = { viewUrl: (bucket: string, id: string) => `https://files.example/${bucket}/${id}` };

const ready: ProfileEditorState = {
  status: 'ready',
  values: { ...EMPTY_PROFILE, name: 'Ana Lima' },
  photoUrl: null,
  errors: {},
  saveStatus: 'idle',
  progress: null,
  uploadingPhoto: false,
  message: null,
  refusals: 0,
};

function someActions(): ProfileEditorActions {
  return { setValue: vi.fn(), pickPhoto: vi.fn(), save: vi.fn(), retry: vi.fn() };
}

function view(state: Partial<ProfileEditorState> = {}, actions = someActions()) {
  return render(<ProfileEditorView state={{ ...ready, ...state }} actions={actions} />);
}

describe('ProfileEditorView', () => {
  it('labels every field, with the public switch on by default', async () => {
    const { container } = view();
    for (const label of ['Name', 'School', 'Interests', 'Bio', 'Location', 'Contact e-mail', 'Profile photo']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByLabelText('Contact e-mail').getAttribute('type')).toBe('email');
    expect((screen.getByRole('switch', { name: 'Public profile' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(MESSAGES.imageHint)).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('names the photo upload and its progress while saving', () => {
    view({ saveStatus: 'saving', uploadingPhoto: true, progress: 30 });
    expect(screen.getByRole('progressbar', { name: 'Uploading photo (30%)' }).getAttribute('value')).toBe('30');
    expect((screen.getByRole('button', { name: 'Saving…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows loading and a load error with a retry', async () => {
    const actions = someActions();
    const { rerender } = view({ status: 'loading' }, actions);
    expect(screen.getByText(MESSAGES.loading)).toBeTruthy();
    rerender(<ProfileEditorView state={{ ...ready, status: 'error', values: EMPTY_PROFILE }} actions={actions} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(actions.retry).toHaveBeenCalled();
  });
});

describe('ProfileEditor', () => {
  it('saves, announces "Profile updated successfully!" and calls onSaved', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const stored = aProfile({ name: 'Ana', photoFileId: 'p1' });
    const api: ProfileEditorApi = { mine: async () => stored, save: async (input) => ({ ...stored, name: input.name, isPublic: input.isPublic }) };
    render(<ProfileEditor profiles={api} files={files} onSaved={onSaved} />);
    const name = await screen.findByLabelText('Name');
    expect((screen.getByRole('img', { name: 'Your profile photo' }) as HTMLImageElement).src).toBe('https://files.example/profile-photos/p1');
    await user.clear(name);
    await user.type(name, 'Ana Lima');
    await user.click(screen.getByRole('switch', { name: 'Public profile' }));
    expect(screen.getByText('Only you can see your profile.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MESSAGES.profileUpdated));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ana Lima', isPublic: false }));
  });

  it('says what went wrong when the save fails, and neither claims success nor calls onSaved', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    const api: ProfileEditorApi = {
      mine: async () => aProfile(),
      save: async () => {
        throw new PortalError('invalid-input', 'Please enter a valid email address', { fields: { contactEmail: 'Please enter a valid email address' } });
      },
    };
    render(<ProfileEditor profiles={api} files={files} onSaved={onSaved} />);
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address'));
    expect(screen.getByLabelText('Contact e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(MESSAGES.profileUpdated)).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('moves focus to a blank name instead of saving', async () => {
    const user = userEvent.setup();
    const save = vi.fn<ProfileEditorApi['save']>();
    render(<ProfileEditor profiles={{ mine: async () => null, save }} files={files} />);
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    expect(screen.getByText('Please enter your name')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });
});
