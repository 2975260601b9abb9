import { describe, expect, it, vi } from 'vitest';
import { PortalError, type ProfileSave } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aProfile } from '../testing/a-profile.ts';
import { createProfileEditorController, type ProfileEditorApi, type ProfileEditorContext } from './profile-editor-controller.ts';
import { createProfileEditorModel } from './profile-editor-model.ts';

const account = { name: 'Ana Lima', email: '1ana@school.example' };
const files = { viewUrl: (bucket: string, id: string) => `https://files.example/${bucket}/${id}` };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function started(api: ProfileEditorApi, context: Partial<ProfileEditorContext> = {}) {
  const onSaved = vi.fn();
  const controller = createProfileEditorController(api, createProfileEditorModel(), { files, onSaved, ...context });
  const stop = controller.start();
  await settle();
  return { controller, actions: controller.actions, state: () => controller.state.value, onSaved, stop };
}

describe('profile editor controller', () => {
  it('starts a first profile from the account: its name, its e-mail, and public', async () => {
    const { state } = await started({ mine: async () => null, save: vi.fn() }, { account });
    expect(state().status).toBe('ready');
    expect(state().values).toEqual({
      name: 'Ana Lima',
      school: '',
      interests: '',
      bio: '',
      location: '',
      isPublic: true,
      contactEmail: '1ana@school.example',
    });
  });

  it('says the profile could not load, and loads it again on retry', async () => {
    const mine = vi
      .fn<ProfileEditorApi['mine']>()
      .mockRejectedValueOnce(new PortalError('network'))
      .mockResolvedValueOnce(aProfile({ name: 'Ana' }));
    const { actions, state } = await started({ mine, save: vi.fn() });
    expect(state().status).toBe('error');
    actions.retry();
    expect(state().status).toBe('loading');
    await settle();
    expect([state().status, state().values.name]).toEqual(['ready', 'Ana']);
  });

  it('saves the form with the kept photo, and only then says "Profile updated successfully!"', async () => {
    const stored = aProfile({ name: 'Ana', photoFileId: 'photo-1' });
    let sent: ProfileSave | undefined;
    const api: ProfileEditorApi = {
      mine: async () => stored,
      save: async (input) => {
        sent = input;
        expect(state().message).toBeNull();
        return { ...stored, name: input.name.trim(), isPublic: input.isPublic };
      },
    };
    const { actions, state, onSaved } = await started(api);
    expect(state().photoUrl).toBe('https://files.example/profile-photos/photo-1');
    actions.setValue('name', '  Ana Lima ');
    actions.setValue('isPublic', false);
    actions.save();
    await settle();
    expect(sent).toMatchObject({ name: '  Ana Lima ', isPublic: false, photoFileId: 'photo-1', photo: null });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Ana Lima' }));
    expect(state().values.name).toBe('Ana Lima');
    expect([state().saveStatus, state().message]).toEqual(['saved', MESSAGES.profileUpdated]);
  });

  it('never reports success for a failed save', async () => {
    const api: ProfileEditorApi = {
      mine: async () => aProfile(),
      save: async () => {
        throw new PortalError('network');
      },
    };
    const { actions, state, onSaved } = await started(api);
    actions.save();
    await settle();
    expect(onSaved).not.toHaveBeenCalled();
    expect(state().saveStatus).toBe('failed');
    expect(state().message).not.toBe(MESSAGES.profileUpdated);
    expect(state().message).toBe(new PortalError('network').message);
  });

  it('refuses a blank name and a non-image photo before calling the SDK', async () => {
    const api: ProfileEditorApi = { mine: async () => aProfile(), save: vi.fn() };
    const { actions, state } = await started(api);
    actions.setValue('name', ' ');
    actions.pickPhoto(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(state().uploadingPhoto).toBe(false);
    actions.save();
    await settle();
    expect(state().errors).toEqual({ name: 'Please enter your name', photo: 'Please upload an image file (PNG, JPG, GIF or WebP)' });
    expect(state().refusals).toBe(1);
    expect(api.save).not.toHaveBeenCalled();
  });

  it('uploads a picked photo with progress, then shows the saved one', async () => {
    const progress: Array<number | null> = [];
    const api: ProfileEditorApi = {
      mine: async () => aProfile(),
      save: async (input, options) => {
        options?.onProgress?.({ percent: 60, uploadedBytes: 6, totalBytes: 10 });
        progress.push(state().progress);
        return aProfile({ photoFileId: 'new-photo', name: input.name });
      },
    };
    const { actions, state } = await started(api);
    actions.pickPhoto(new File(['png'], 'me.png', { type: 'image/png' }));
    expect(state().photoUrl).toMatch(/^blob:/);
    expect(state().uploadingPhoto).toBe(true);
    actions.save();
    await settle();
    expect(progress).toEqual([60]);
    expect([state().photoUrl, state().uploadingPhoto]).toEqual(['https://files.example/profile-photos/new-photo', false]);
  });

  it('drops a save still on its way when it stops: no success, and no onSaved', async () => {
    let answer: () => void = () => undefined;
    const api: ProfileEditorApi = {
      mine: async () => aProfile(),
      save: () =>
        new Promise((resolve) => {
          answer = () => resolve(aProfile());
        }),
    };
    const { actions, state, onSaved, stop } = await started(api);
    actions.save();
    stop();
    answer();
    await settle();
    expect(state().saveStatus).toBe('saving');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
