import { describe, expect, it, vi } from 'vitest';
import { PortalError, type ProfileSave } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aProfile } from '../testing/a-profile.ts';
import { createProfileEditorController, type ProfileEditorApi } from './profile-editor-controller.ts';
import { createProfileEditorModel } from './profile-editor-model.ts';

const account = { name: 'Ana Lima', email: '1ana@school.example' };

describe('profile editor controller', () => {
  it('starts a first profile from the account: its name, its e-mail, and public', async () => {
    const model = createProfileEditorModel();
    await createProfileEditorController({ mine: async () => null, save: vi.fn() }, model, account).load();
    expect(model.status.value).toBe('ready');
    expect(model.values.value).toEqual({
      name: 'Ana Lima',
      school: '',
      interests: '',
      bio: '',
      location: '',
      isPublic: true,
      contactEmail: '1ana@school.example',
    });
  });

  it('saves the form with the kept photo, and only then says "Profile updated successfully!"', async () => {
    const stored = aProfile({ name: 'Ana', photoFileId: 'photo-1' });
    let sent: ProfileSave | undefined;
    const api: ProfileEditorApi = {
      mine: async () => stored,
      save: async (input) => {
        sent = input;
        expect(model.message.value).toBeNull();
        return { ...stored, name: input.name.trim(), isPublic: input.isPublic };
      },
    };
    const model = createProfileEditorModel();
    const controller = createProfileEditorController(api, model);
    await controller.load();
    controller.setValue('name', '  Ana Lima ');
    controller.setValue('isPublic', false);
    const saved = await controller.save();
    expect(sent).toMatchObject({ name: '  Ana Lima ', isPublic: false, photoFileId: 'photo-1', photo: null });
    expect(saved?.name).toBe('Ana Lima');
    expect(model.values.value.name).toBe('Ana Lima');
    expect([model.save.value, model.message.value]).toEqual(['saved', MESSAGES.profileUpdated]);
  });

  it('never reports success for a failed save', async () => {
    const api: ProfileEditorApi = {
      mine: async () => aProfile(),
      save: async () => {
        throw new PortalError('network');
      },
    };
    const model = createProfileEditorModel();
    const controller = createProfileEditorController(api, model);
    await controller.load();
    expect(await controller.save()).toBeNull();
    expect(model.save.value).toBe('failed');
    expect(model.message.value).not.toBe(MESSAGES.profileUpdated);
    expect(model.message.value).toBe(new PortalError('network').message);
  });

  it('refuses a blank name and a non-image photo before calling the SDK', async () => {
    const api: ProfileEditorApi = { mine: async () => aProfile(), save: vi.fn() };
    const model = createProfileEditorModel();
    const controller = createProfileEditorController(api, model);
    await controller.load();
    controller.setValue('name', ' ');
    controller.pickPhoto(new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(model.photo.value).toBeNull();
    expect(await controller.save()).toBeNull();
    expect(model.errors.value).toEqual({ name: 'Please enter your name', photo: 'Please upload an image file (PNG, JPG, GIF or WebP)' });
    expect(model.invalidSubmits.value).toBe(1);
    expect(api.save).not.toHaveBeenCalled();
  });

  it('uploads a picked photo with progress, then shows the saved one', async () => {
    const progress: Array<number | null> = [];
    const api: ProfileEditorApi = {
      mine: async () => aProfile(),
      save: async (input, options) => {
        options?.onProgress?.({ percent: 60, uploadedBytes: 6, totalBytes: 10 });
        progress.push(model.progress.value);
        return aProfile({ photoFileId: 'new-photo', name: input.name });
      },
    };
    const model = createProfileEditorModel();
    const controller = createProfileEditorController(api, model);
    await controller.load();
    controller.pickPhoto(new File(['png'], 'me.png', { type: 'image/png' }));
    expect(model.photoPreview.value).toMatch(/^blob:/);
    await controller.save();
    expect(progress).toEqual([60]);
    expect([model.photoFileId.value, model.photo.value, model.photoPreview.value]).toEqual(['new-photo', null, null]);
  });
});
