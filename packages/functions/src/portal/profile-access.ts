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
 * and overlap. Each write is a compare-and-set on the profile row (`decideTogether`): a run that read
 * the profile before its owner made it private can never write the public readers back over the
 * owner's save, not even for a moment. What the row does not hold (applications, school memberships)
 * is read again after each write, until what is read agrees with what is stored.
 */

const SETTLE_ROUNDS = 4;
const PAGE = 100;

type Refresh = { settled: false } | { settled: true; profile: ProfileRow; audience: ProfileAudience };

export async function refreshProfileAccess(api: ServerApi, userId: string): Promise<void> {
  const target = { databaseId: DATABASE_ID, tableId: TABLES.profiles, rowId: userId };
  for (let round = 1; round <= SETTLE_ROUNDS; round += 1) {
    let refresh: Refresh;
    try {
      refresh = await decideTogether<Refresh>(api, [{ tableId: TABLES.profiles, rowId: userId }], async () => {
        const profile = await orUndefined(api.tables.getRow<ProfileRow>(target));
        if (!profile) return { writes: [], answer: { settled: false } };
        const [applied, schoolIds] = await Promise.all([appliedTo(api, userId), schoolsReading(api, userId, profile.role)]);
        const audience: ProfileAudience = { userId, isPublic: profile.isPublic, role: profile.role, appliedTo: applied, schoolIds };
        const permissions = profilePermissions(audience);
        if (samePermissions(profile.$permissions, permissions)) return { writes: [], answer: { settled: true, profile, audience } };
        return { writes: [{ action: 'update', tableId: TABLES.profiles, rowId: userId, data: {}, permissions }], answer: { settled: false } };
      });
    } catch (thrown) {
      // No profile (yet, or any more): nothing to keep.
      if (hasStatus(thrown, 404)) return;
      throw thrown;
    }
    if (refresh.settled) {
      await sharePhoto(api, refresh.profile, refresh.audience);
      return;
    }
  }
  throw new Error(`The permissions of profile ${userId} kept changing while they were written.`);
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
