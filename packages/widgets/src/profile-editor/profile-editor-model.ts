import { signal, type Signal } from '@preact/signals-react';
import type { LoadStatus } from '../shared/load-status.ts';

/** The texts and the switch of the profile form. @public */
export interface ProfileFormValues {
  /** "Name", as the network shows it. */
  name: string;
  /** "School". */
  school: string;
  /** Comma-separated. */
  interests: string;
  /** "Bio", a few sentences about the member. */
  bio: string;
  /** "Location". */
  location: string;
  /** Only public profiles show in the network grid; a new profile is public. */
  isPublic: boolean;
  /** Blank means the account's e-mail. */
  contactEmail: string;
}

/** Every input of the form that can be refused. @public */
export type ProfileFormField = keyof ProfileFormValues | 'photo';

/** Where the save stands: not sent, being saved, saved (the success text shows), or failed. @public */
export type ProfileSaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/** The profile editor's state, as signals: the controller writes it, its `state` reads it. */
export interface ProfileEditorModel {
  /** `loading` the member's profile, `ready` to edit, `error` when it could not load. */
  status: Signal<LoadStatus>;
  values: Signal<ProfileFormValues>;
  /** The saved photo, kept unless a new one is picked. */
  photoFileId: Signal<string | null>;
  /** A newly picked photo, uploaded on save. */
  photo: Signal<File | null>;
  /** A local address showing the picked photo before it is uploaded. */
  photoPreview: Signal<string | null>;
  errors: Signal<Partial<Record<ProfileFormField, string>>>;
  saveStatus: Signal<ProfileSaveStatus>;
  /** Percent of the photo uploaded while saving; null when the upload does not report. */
  progress: Signal<number | null>;
  message: Signal<string | null>;
  /** Counts saves the form itself refused, so the view moves focus to the first mistake each time. */
  refusals: Signal<number>;
}

export const EMPTY_PROFILE: ProfileFormValues = { name: '', school: '', interests: '', bio: '', location: '', isPublic: true, contactEmail: '' };

export function createProfileEditorModel(): ProfileEditorModel {
  return {
    status: signal<LoadStatus>('loading'),
    values: signal(EMPTY_PROFILE),
    photoFileId: signal<string | null>(null),
    photo: signal<File | null>(null),
    photoPreview: signal<string | null>(null),
    errors: signal({}),
    saveStatus: signal<ProfileSaveStatus>('idle'),
    progress: signal<number | null>(null),
    message: signal<string | null>(null),
    refusals: signal(0),
  };
}

/** What the profile editor shows: {@link useProfileEditor}'s `state`, and {@link ProfileEditorView}'s. @public */
export interface ProfileEditorState {
  /** Whether the member's profile is loading, ready to edit, or failed to load. */
  readonly status: LoadStatus;
  /** What the fields hold. */
  readonly values: ProfileFormValues;
  /** The photo to show: the picked one, else the saved one, else none (null). */
  readonly photoUrl: string | null;
  /** A message per refused input; an input without one is fine. */
  readonly errors: Readonly<Partial<Record<ProfileFormField, string>>>;
  /** Where the save stands. */
  readonly saveStatus: ProfileSaveStatus;
  /** Percent of the photo uploaded while saving; null when unknown (the bar then only shows activity). */
  readonly progress: number | null;
  /** Whether a new photo is part of the save (the progress bar names the upload). */
  readonly uploadingPhoto: boolean;
  /** The outcome to announce: the success text, or what went wrong; null before either. */
  readonly message: string | null;
  /** How many saves the form refused for their inputs; each new one moves focus to the first mistake. */
  readonly refusals: number;
}

/** What a member can do in the profile editor: {@link useProfileEditor}'s `actions`. @public */
export interface ProfileEditorActions {
  /** Changes a field, clearing its error (and a shown success, which no longer describes the form). */
  setValue<K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]): void;
  /** Takes the picked photo (null clears it), or refuses it at once when it is not an image of at most 10 MB. */
  pickPhoto(file: File | null): void;
  /** Checks the form, then saves the profile (uploading a new photo first). */
  save(): void;
  /** Loads the profile again, after it failed to load. */
  retry(): void;
}
