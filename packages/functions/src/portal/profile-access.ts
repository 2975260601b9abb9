import { BUCKETS, DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { decideTogether } from './atomic-writes.ts';
import { attachedFilePermissions, profilePermissions, profileReadRoles, type ProfileAudience } from './permissions.ts';
import type { ApplicationRow, ProfileRow } from './rows.ts';
import { membershipsOf } from './schools.ts';

/**
 * Keeps a profile's row and photo permissions equal to what its owner, visibility, role, schools and
 * live applications ask for (`profileReadRoles`). Whatever changes one of those (a profile save, a role,
 * an application made or withdrawn, a posting removed) calls this afterwards, and it recomputes
 * everything from what is stored now instead of adding or removing one reader, so runs may repeat
 * and overlap. Most runs find the permissions right already (the `roles` function runs on every
 * event of an account), and only read. A change is written as a compare-and-set on the profile row
 * (`decideTogether`): a run that read the profile before its owner made it private can never write
 * the public readers back over the owner's save, not even for a moment. What the row does not hold
 * (applications, school memberships) is read again after each write, until what is read agrees with
 * what is stored.
 */

const SETTLE_ROUNDS = 4;
const PAGE = 100;

/** A profile as stored, with the readers what is stored now asks for. */
interface ProfileAccess {
  profile: ProfileRow;
  audience: ProfileAudience;
  permissions: string[];
}

export async function refreshProfileAccess(api: ServerApi, userId: string): Promise<void> {
  for (let round = 1; round <= SETTLE_ROUNDS; round += 1) {
    const now = await profileAccess(api, userId);
    // No profile (yet, or any more): nothing to keep.
    if (!now) return;
    if (samePermissions(now.profile.$permissions, now.permissions)) {
      await sharePhoto(api, now.profile, now.audience);
      return;
    }
    try {
      await decideTogether(api, [{ tableId: TABLES.profiles, rowId: userId }], async () => {
        const fresh = await profileAccess(api, userId);
        if (!fresh || samePermissions(fresh.profile.$permissions, fresh.permissions)) return { writes: [], answer: undefined };
        return { writes: [{ action: 'update', tableId: TABLES.profiles, rowId: userId, data: {}, permissions: fresh.permissions }], answer: undefined };
      });
    } catch (thrown) {
      if (hasStatus(thrown, 404)) return;
      throw thrown;
    }
  }
  throw new Error(`The permissions of profile ${userId} kept changing while they were written.`);
}

/** The profile and the permissions it should have now; undefined without a profile. */
async function profileAccess(api: ServerApi, userId: string): Promise<ProfileAccess | undefined> {
  const profile = await orUndefined(api.tables.getRow<ProfileRow>({ databaseId: DATABASE_ID, tableId: TABLES.profiles, rowId: userId }));
  if (!profile) return undefined;
  const audience = await profileAudience(api, userId, profile);
  return { profile, audience, permissions: profilePermissions(audience) };
}

/** Who reads a profile of this visibility and role now: its owner's schools and live applications, read afresh. */
export async function profileAudience(api: ServerApi, userId: string, profile: Pick<ProfileRow, 'isPublic' | 'role'>): Promise<ProfileAudience> {
  const [applied, schoolIds] = await Promise.all([appliedTo(api, userId), schoolsReading(api, userId, profile.role)]);
  return { userId, isPublic: profile.isPublic, role: profile.role, appliedTo: applied, schoolIds };
}

async function schoolsReading(api: ServerApi, userId: string, role: string | null): Promise<string[]> {
  if (role !== 'student' && role !== 'teacher') return [];
  const memberships = await membershipsOf(api, userId);
  const reading = memberships.filter((membership) => (role === 'student' ? membership.student : membership.staffRoles.length > 0));
  return reading.map((membership) => membership.schoolId).sort();
}

/** The creators of the postings this member has a live application to (a removed posting's applications no longer count). */
async function appliedTo(api: ServerApi, applicantId: string): Promise<string[]> {
  const creators = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await api.tables.listRows<ApplicationRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.applications,
      queries: [
        Query.equal('applicantId', applicantId),
        Query.equal('postingRemoved', false),
        Query.orderAsc('$id'),
        Query.limit(PAGE),
        ...(cursor ? [Query.cursorAfter(cursor)] : []),
      ],
      total: false,
    });
    for (const row of page.rows) creators.add(row.jobCreatorId);
    cursor = page.rows.at(-1)?.$id;
    if (page.rows.length < PAGE) return [...creators].sort();
  }
}

/** The current photo is read by whoever reads the profile (a photo deleted by its owner has nobody to share with). */
async function sharePhoto(api: ServerApi, profile: ProfileRow, audience: ProfileAudience): Promise<void> {
  if (!profile.photoFileId) return;
  await orUndefined(
    api.storage.updateFile({
      bucketId: BUCKETS.profilePhotos,
      fileId: profile.photoFileId,
      permissions: attachedFilePermissions(audience.userId, profileReadRoles(audience)),
    }),
  );
}

function samePermissions(current: readonly string[], wanted: readonly string[]): boolean {
  return current.length === wanted.length && [...current].sort().join('\n') === [...wanted].sort().join('\n');
}
