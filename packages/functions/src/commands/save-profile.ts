import { BUCKETS, toProfile, validateProfile, type Profile, type ProfileColumns, type ProfileInput } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../platform/appwrite-errors.ts';
import { requireMember, type Member } from '../platform/caller.ts';
import { invalidInput } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { ownerOnlyFilePermissions } from '../portal/permissions.ts';
import { refreshProfileAccess } from '../portal/profile-access.ts';
import type { ProfileRow } from '../portal/rows.ts';
import { claimUpload, discardClaimed, discardUploadsOnFailure, imageUploadProblem } from '../portal/uploads.ts';
import { findProfile, writeProfile } from './profiles.ts';

/**
 * PUT /profile — save the caller's own profile. Fields left out keep their saved values. The role is
 * the account's label and the e-mail the account's address, whatever the request says; visibility
 * decides who reads the row and its current photo; a new photo is the member's own upload, moved into
 * `profile-photos`; a replaced photo is the owner's alone again.
 */
export const saveProfile: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const saved = await findProfile(api, member.id);
  const pick = (name: 'name' | 'school' | 'interests' | 'bio' | 'location' | 'contactEmail' | 'photoFileId') =>
    body.has(name) ? (body.text(name) ?? null) : (saved?.[name] ?? null);
  const input = {
    name: pick('name') ?? member.name,
    school: pick('school'),
    interests: pick('interests'),
    bio: pick('bio'),
    location: pick('location'),
    contactEmail: pick('contactEmail'),
    photoFileId: pick('photoFileId'),
    isPublic: body.has('isPublic') ? (body.boolean('isPublic') as boolean) : (saved?.isPublic ?? true),
  };
  body.done();
  // A refused save leaves no new photo behind.
  return discardUploadsOnFailure(api, input.photoFileId ? [input.photoFileId] : [], member.id, () => save(api, member, input, saved));
};

async function save(api: ServerApi, member: Member, input: ProfileInput, saved: ProfileRow | undefined): Promise<Profile> {
  const checked = validateProfile(input);
  if (!checked.ok) throw invalidInput(checked.errors);
  const profile = checked.value;

  const photoChanged = profile.photoFileId !== null && profile.photoFileId !== saved?.photoFileId;
  const problem = photoChanged ? await imageUploadProblem(api, profile.photoFileId as string, member.id) : undefined;
  if (problem) throw invalidInput({ photoFileId: problem });
  const newPhoto = photoChanged ? await claimUpload(api, BUCKETS.profilePhotos, profile.photoFileId as string, member.id) : undefined;
  if (photoChanged && !newPhoto) throw invalidInput({ photoFileId: 'Please upload the photo again: it must be your own upload' });

  const columns: ProfileColumns = {
    ...profile,
    email: member.email,
    role: member.role ?? null,
    contactEmail: profile.contactEmail ?? member.email,
  };
  let row: ProfileRow;
  try {
    row = await writeProfile(api, member.id, columns, saved);
  } catch (thrown) {
    await discardClaimed(api, BUCKETS.profilePhotos, [newPhoto]);
    throw thrown;
  }
  // Also shares the current photo with whoever reads the profile now.
  await refreshProfileAccess(api, member.id);
  const previousPhoto = saved?.photoFileId;
  if (previousPhoto && previousPhoto !== profile.photoFileId) {
    // A replaced (or removed) photo goes back to its owner alone: whoever could see it on the
    // profile no longer can.
    await orUndefined(api.storage.updateFile({ bucketId: BUCKETS.profilePhotos, fileId: previousPhoto, permissions: ownerOnlyFilePermissions(member.id) }));
  }
  return toProfile(row);
}
