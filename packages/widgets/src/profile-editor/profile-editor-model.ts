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
export type ProfileSaveState = 'idle' | 'saving' | 'saved' | 'failed';

/** The profile editor's state, as signals. */
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
  save: Signal<ProfileSaveState>;
  /** Percent of the photo uploaded while saving; null when the upload does not report. */
  progress: Signal<number | null>;
  message: Signal<string | null>;
  /** Counts saves the form itself refused, so the view moves focus to the first mistake each time. */
  invalidSubmits: Signal<number>;
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
    save: signal<ProfileSaveState>('idle'),
    progress: signal<number | null>(null),
    message: signal<string | null>(null),
    invalidSubmits: signal(0),
  };
}
