import { AppwriteException, Query } from 'appwrite';
import type { Profile } from '../domain/entities.ts';
import { validateProfile, type ProfileInput } from '../domain/profile-validation.ts';
import { imageFileProblem } from '../domain/validation.ts';
import type { SaveProfileBody } from '../domain/wire/command-payloads.ts';
import { DATABASE_ID, TABLES } from '../domain/wire/ids.ts';
import { toProfile } from '../domain/wire/rows.ts';
import type { PortalContext, ProgressHandler } from './context.ts';
import { guard, invalidInput, PortalError } from './errors.ts';
import type { PortalRow } from './mapping.ts';
import { pageQueries, toPage, type Page, type PageRequest } from './pagination.ts';

/** The profile form: its fields, and a new photo to upload (replacing `photoFileId`). @public */
export interface ProfileSave extends ProfileInput {
  /** A new photo to upload (image files only, at most 10 MB); absent keeps `photoFileId`. */
  photo?: File | null | undefined;
}

/**
 * Member profiles: the caller's own, another member's by e-mail (the spec's `/network/{id}`), and the
 * network grid of public profiles. "Public" means visible to verified members, with one exception for
 * minors: a recruiter sees a student's profile only while the student has applied to one of the
 * recruiter's postings. The rows' permissions decide this, so every read here returns only what the
 * caller may see (a profile it may not see is null, as if there were none).
 * @public
 */
export interface ProfilesModule {
  /** The profile with this e-mail address, or null when there is none the caller may see. */
  getByEmail(email: string): Promise<Profile | null>;
  /** A member's profile by user id, or null. */
  get(userId: string): Promise<Profile | null>;
  /** The caller's own profile, or null before it exists. */
  mine(): Promise<Profile | null>;
  /** The public profiles the caller may see, by name, for the network grid ("Discover Your Network"). */
  listPublic(page?: PageRequest): Promise<Page<Profile>>;
  /**
   * Saves the caller's profile, uploading a new photo first (reporting its progress). The role comes
   * from the account and is never taken from the form. Form mistakes are `invalid-input` with `fields`.
   */
  save(input: ProfileSave, options?: { onProgress?: ProgressHandler | undefined }): Promise<Profile>;
}

export function createProfiles(context: PortalContext): ProfilesModule {
  const { tables } = context;

  async function get(userId: string): Promise<Profile | null> {
    try {
      return toProfile(await tables.getRow<PortalRow>({ databaseId: DATABASE_ID, tableId: TABLES.profiles, rowId: userId }));
    } catch (thrown) {
      if (thrown instanceof AppwriteException && thrown.code === 404) return null;
      throw PortalError.from(thrown);
    }
  }

  return {
    async getByEmail(email) {
      const list = await guard(() =>
        tables.listRows<PortalRow>({
          databaseId: DATABASE_ID,
          tableId: TABLES.profiles,
          queries: [Query.equal('email', email.trim()), Query.limit(1)],
          total: false,
        }),
      );
      const row = list.rows[0];
      return row ? toProfile(row) : null;
    },

    get,

    async mine() {
      return get((await context.member()).id);
    },

    async listPublic(page) {
      const list = await guard(() =>
        tables.listRows<PortalRow>({
          databaseId: DATABASE_ID,
          tableId: TABLES.profiles,
          queries: [Query.equal('isPublic', true), Query.orderAsc('name'), ...pageQueries(page)],
        }),
      );
      return toPage(list, page, toProfile);
    },

    async save(input, options = {}) {
      await context.member();
      const { photo, ...fields } = input;
      const checked = validateProfile(fields);
      if (!checked.ok) throw invalidInput(checked.errors);
      const photoProblem = photo ? imageFileProblem(photo) : undefined;
      if (photoProblem) throw invalidInput({ photo: photoProblem });
      const uploaded = photo ? await context.upload(photo, options.onProgress) : undefined;
      return context.command<Profile>('PUT', '/profile', {
        ...checked.value,
        photoFileId: uploaded?.$id ?? checked.value.photoFileId,
      } satisfies SaveProfileBody);
    },
  };
}
