import { batch, computed } from '@preact/signals-react';
import { isPortalError, type FilesModule, type ProfileSave, type ProgressHandler } from '@opportunity-kit/sdk';
import { imageFileProblem, MESSAGES, validateProfile, type Profile } from '@opportunity-kit/sdk/domain';
import { createLatestRequest } from '../shared/latest-request.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import {
  EMPTY_PROFILE,
  type ProfileEditorActions,
  type ProfileEditorModel,
  type ProfileEditorState,
  type ProfileFormField,
  type ProfileFormValues,
} from './profile-editor-model.ts';

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

/** Where the saved photo is shown from, the account a first profile starts from, and who hears of a save. */
export interface ProfileEditorContext {
  /** The SDK's `files` module, for the saved photo's address. */
  files: Pick<FilesModule, 'viewUrl'>;
  account?: ProfileAccount | undefined;
  /** Called with the saved profile, only once the save succeeded. */
  onSaved?: ((profile: Profile) => void) | undefined;
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

/** Loads the member's profile when it starts, checks and saves it (uploading a new photo first). */
export function createProfileEditorController(
  api: ProfileEditorApi,
  model: ProfileEditorModel,
  context: ProfileEditorContext,
): WidgetController<ProfileEditorState, ProfileEditorActions> {
  const requests = createLatestRequest();
  const { account } = context;

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

  async function load(): Promise<void> {
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
  }

  async function save(): Promise<void> {
    if (model.saveStatus.value === 'saving') return;
    const values = model.values.value;
    const checked = validateProfile({ ...values, photoFileId: model.photoFileId.value });
    if (!checked.ok || model.errors.value.photo) {
      batch(() => {
        model.errors.value = { ...(checked.ok ? {} : fieldErrors(checked.errors)), ...(model.errors.value.photo ? { photo: model.errors.value.photo } : {}) };
        model.message.value = null;
        model.saveStatus.value = 'idle';
        model.refusals.value += 1;
      });
      return;
    }
    batch(() => {
      model.errors.value = {};
      model.message.value = null;
      model.progress.value = null;
      model.saveStatus.value = 'saving';
    });
    const mine = requests.current();
    try {
      const saved = await api.save(
        { ...values, photoFileId: model.photoFileId.value, photo: model.photo.value },
        {
          onProgress: ({ percent }) => {
            if (mine.isCurrent()) model.progress.value = percent;
          },
        },
      );
      if (!mine.isCurrent()) return;
      batch(() => {
        model.values.value = valuesOf(saved);
        model.photoFileId.value = saved.photoFileId;
        model.photo.value = null;
        showPhoto(null);
        model.saveStatus.value = 'saved';
        // Only now: the spec's version said this even when the save failed.
        model.message.value = MESSAGES.profileUpdated;
      });
      context.onSaved?.(saved);
    } catch (error) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.errors.value = isPortalError(error, 'invalid-input') ? fieldErrors(error.fields) : {};
        model.saveStatus.value = 'failed';
        model.message.value = isPortalError(error) ? error.message : MESSAGES.genericError;
      });
    }
  }

  const actions: ProfileEditorActions = {
    setValue(field, value) {
      batch(() => {
        model.values.value = { ...model.values.value, [field]: value };
        clearError(field);
        if (model.saveStatus.value === 'saved') model.saveStatus.value = 'idle';
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

    save: () => void save(),
    retry: () => void load(),
  };

  return {
    state: computed(() => {
      const savedPhoto = model.photoFileId.value;
      return {
        status: model.status.value,
        values: model.values.value,
        photoUrl: model.photoPreview.value ?? (savedPhoto ? context.files.viewUrl('profile-photos', savedPhoto) : null),
        errors: model.errors.value,
        saveStatus: model.saveStatus.value,
        progress: model.progress.value,
        uploadingPhoto: model.photo.value !== null,
        message: model.message.value,
        refusals: model.refusals.value,
      };
    }),
    actions,
    start() {
      void load();
      return () => {
        requests.invalidate();
        showPhoto(null);
      };
    },
  };
}
