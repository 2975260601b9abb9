import { batch } from '@preact/signals-react';
import { isPortalError, type ProfileSave, type ProgressHandler } from '@opportunity-kit/sdk';
import { imageFileProblem, MESSAGES, validateProfile, type Profile } from '@opportunity-kit/sdk/domain';
import { EMPTY_PROFILE, type ProfileEditorModel, type ProfileFormField, type ProfileFormValues } from './profile-editor-model.ts';
import { createLatestRequest } from '../shared/latest-request.ts';

/**
 * What the profile editor needs of the SDK. `save` may report the photo upload's progress; the
 * SDK's `profiles.save` does not take that option yet, and then the bar shows activity without a
 * percentage.
 * @public
 */
export interface ProfileEditorApi {
  /** The member's own profile, or null before it exists. */
  mine(): Promise<Profile | null>;
  /** Saves the profile (uploading a new photo first, if any) and answers it as saved. */
  save(input: ProfileSave, options?: { onProgress?: ProgressHandler | undefined }): Promise<Profile>;
}

/** The account, for the first profile's defaults. @public */
export interface ProfileAccount {
  /** The account's name: a first profile's name. */
  name: string;
  /** The account's e-mail address. */
  email: string;
}

export interface ProfileEditorController {
  load(): Promise<void>;
  setValue<K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]): void;
  /** Takes the picked photo, or refuses it at once when it is not an image of at most 10 MB. */
  pickPhoto(file: File | null): void;
  /** Checks and saves the profile; the saved profile, or null when it was not saved. */
  save(): Promise<Profile | null>;
  dispose(): void;
}

const FIELDS: readonly ProfileFormField[] = ['name', 'school', 'interests', 'bio', 'location', 'isPublic', 'contactEmail', 'photo'];

function fieldErrors(fields: Readonly<Partial<Record<string, string>>>): Partial<Record<ProfileFormField, string>> {
  // The server names the photo by its column.
  const named: Partial<Record<string, string>> = { ...fields, photo: fields.photo ?? fields.photoFileId };
  return Object.fromEntries(FIELDS.flatMap((field) => (named[field] ? [[field, named[field]]] : [])));
}

const valuesOf = (profile: Profile): ProfileFormValues => ({
  name: profile.name,
  school: profile.school,
  interests: profile.interests,
  bio: profile.bio,
  location: profile.location,
  isPublic: profile.isPublic,
  contactEmail: profile.contactEmail,
});

export function createProfileEditorController(api: ProfileEditorApi, model: ProfileEditorModel, account?: ProfileAccount): ProfileEditorController {
  const requests = createLatestRequest();

  const showPhoto = (file: File | null) => {
    const previous = model.photoPreview.value;
    if (previous) URL.revokeObjectURL(previous);
    model.photoPreview.value = file ? URL.createObjectURL(file) : null;
  };

  const clearError = (field: ProfileFormField) => {
    if (!model.errors.value[field]) return;
    const { [field]: _cleared, ...rest } = model.errors.value;
    model.errors.value = rest;
  };

  return {
    async load() {
      const mine = requests.begin();
      model.status.value = 'loading';
      try {
        const profile = await api.mine();
        if (!mine.isCurrent()) return;
        batch(() => {
          model.values.value = profile ? valuesOf(profile) : { ...EMPTY_PROFILE, name: account?.name ?? '', contactEmail: account?.email ?? '' };
          model.photoFileId.value = profile?.photoFileId ?? null;
          model.status.value = 'ready';
        });
      } catch {
        if (mine.isCurrent()) model.status.value = 'error';
      }
    },

    setValue(field, value) {
      batch(() => {
        model.values.value = { ...model.values.value, [field]: value };
        clearError(field);
        if (model.save.value === 'saved') model.save.value = 'idle';
      });
    },

    pickPhoto(file) {
      const problem = file ? imageFileProblem(file) : undefined;
      batch(() => {
        model.photo.value = problem ? null : file;
        showPhoto(problem ? null : file);
        if (problem) model.errors.value = { ...model.errors.value, photo: problem };
        else clearError('photo');
      });
    },

    async save() {
      if (model.save.value === 'saving') return null;
      const values = model.values.value;
      const checked = validateProfile({ ...values, photoFileId: model.photoFileId.value });
      if (!checked.ok || model.errors.value.photo) {
        batch(() => {
          model.errors.value = { ...(checked.ok ? {} : fieldErrors(checked.errors)), ...(model.errors.value.photo ? { photo: model.errors.value.photo } : {}) };
          model.message.value = null;
          model.save.value = 'idle';
          model.invalidSubmits.value += 1;
        });
        return null;
      }
      batch(() => {
        model.errors.value = {};
        model.message.value = null;
        model.progress.value = null;
        model.save.value = 'saving';
      });
      const mine = requests.current();
      try {
        const saved = await api.save(
          { ...values, photoFileId: model.photoFileId.value, photo: model.photo.value },
          { onProgress: ({ percent }) => (model.progress.value = percent) },
        );
        if (!mine.isCurrent()) return saved;
        batch(() => {
          model.values.value = valuesOf(saved);
          model.photoFileId.value = saved.photoFileId;
          model.photo.value = null;
          showPhoto(null);
          model.save.value = 'saved';
          // Only now: the spec's version said this even when the save failed.
          model.message.value = MESSAGES.profileUpdated;
        });
        return saved;
      } catch (error) {
        if (!mine.isCurrent()) return null;
        batch(() => {
          model.errors.value = isPortalError(error, 'invalid-input') ? fieldErrors(error.fields) : {};
          model.save.value = 'failed';
          model.message.value = isPortalError(error) ? error.message : MESSAGES.genericError;
        });
        return null;
      }
    },

    dispose() {
      requests.invalidate();
      showPhoto(null);
    },
  };
}
