import { isEmailAddress, type Validation } from './validation.ts';

/** What the profile form saves. The role is not part of it: it comes from the account's label. @public */
export interface ProfileInput {
  /** Display name (required). */
  name: string;
  /** School, free text. */
  school?: string | null;
  /** Comma-separated interests. */
  interests?: string | null;
  /** About the member. */
  bio?: string | null;
  /** Where the member is, free text. */
  location?: string | null;
  /** Shown to other members. */
  isPublic: boolean;
  /** Defaults to the account's e-mail when blank. */
  contactEmail?: string | null;
  /** A photo already uploaded to `profile-photos`. */
  photoFileId?: string | null;
}

/** A profile that passed validation: trimmed, '' for empty texts, null for no photo or contact address. @public */
export interface ValidProfile {
  name: string;
  school: string;
  interests: string;
  bio: string;
  location: string;
  isPublic: boolean;
  contactEmail: string | null;
  photoFileId: string | null;
}

/** @public */
export type ProfileField = keyof ProfileInput;

/** Longest accepted text per field (the `profiles` table's column sizes). @public */
export const PROFILE_LIMITS = { name: 128, school: 200, interests: 1000, bio: 2000, location: 100 } as const;

const LABELS: Record<keyof typeof PROFILE_LIMITS, string> = {
  name: 'name',
  school: 'school',
  interests: 'interests',
  bio: 'bio',
  location: 'location',
};

/** The profile form's rules: a name, texts within their sizes, a valid contact address if one is given. @public */
export function validateProfile(input: ProfileInput): Validation<ValidProfile, ProfileField> {
  const errors: Partial<Record<ProfileField | 'form', string>> = {};
  const text = (value: string | null | undefined) => (value ?? '').trim();
  if (text(input.name) === '') errors.name = 'Please enter your name';
  for (const field of Object.keys(PROFILE_LIMITS) as Array<keyof typeof PROFILE_LIMITS>) {
    const limit = PROFILE_LIMITS[field];
    if (!errors[field] && text(input[field]).length > limit) errors[field] = `The ${LABELS[field]} can be at most ${limit} characters`;
  }
  const contactEmail = text(input.contactEmail);
  if (contactEmail !== '' && !isEmailAddress(contactEmail)) errors.contactEmail = 'Please enter a valid email address';
  if (typeof input.isPublic !== 'boolean') errors.isPublic = 'Please choose whether your profile is public';
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: text(input.name),
      school: text(input.school),
      interests: text(input.interests),
      bio: text(input.bio),
      location: text(input.location),
      isPublic: input.isPublic,
      contactEmail: contactEmail === '' ? null : contactEmail.toLowerCase(),
      photoFileId: text(input.photoFileId) || null,
    },
  };
}
