import {
  awaitsSchool,
  BOARD_ADMIN_LABEL,
  DATABASE_ID,
  isBoardAdmin,
  roleForEmail,
  roleLabelFor,
  ROLES,
  TABLES,
  type DeploymentSettings,
  type ProfileColumns,
  type Role,
  type RoleEvidence,
} from '@opportunity-kit/sdk/domain';
import type { Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { profilePermissions } from '../portal/permissions.ts';
import { profileAudience, refreshProfileAccess } from '../portal/profile-access.ts';
import type { ProfileRow } from '../portal/rows.ts';
import { creationAddress, recordCreationAddress, type CreatedAccount } from './account-origins.ts';
import { addToSchool, defaultSchool, isStaffMember } from './schools.ts';

/** What decides an account's labels: the board's domain and its lists of invited staff and administrators. */
export type MemberSettings = Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails' | 'boardAdminEmails'>;

export interface RoleOutcome {
  userId: string;
  role: Role | null;
}

/** The labels this function decides: the three roles and the board administrators'. */
const MANAGED_LABELS: readonly string[] = [...ROLES, BOARD_ADMIN_LABEL];

/** The account's labels with its role label (and the board administrators' label) replaced; other labels stay. */
export function labelsWithRole(labels: readonly string[], role: Role | undefined, boardAdmin = false): string[] {
  const others = labels.filter((label) => !MANAGED_LABELS.includes(label));
  return [...others, ...(role ? [role] : []), ...(boardAdmin ? [BOARD_ADMIN_LABEL] : [])];
}

/** How many times a run re-reads the account to confirm the label it wrote still holds. */
const SETTLE_ROUNDS = 3;

/**
 * Gives an account the label its address stands for (`roleLabelFor` of the SDK domain: a verified
 * address; a school role only for the address the account was created with; a staff address only
 * once it is on a school's staff) and the board administrators' label, and makes sure it has a
 * profile carrying the same role. A staff address of the board's invitation list (`TEACHER_EMAILS`)
 * is made a teacher of the board's default school first. `created` is the account as its creation event carried it: its
 * address is recorded then, and only then. Safe to run any number of times for the same account,
 * and concurrently: events may repeat, and sign-up, verification and e-mail change may meet, so a
 * run writes the label, then reads everything again until what it reads agrees with the label.
 */
export async function assignRole(api: ServerApi, userId: string, settings: MemberSettings, created?: CreatedAccount): Promise<RoleOutcome | undefined> {
  if (created?.email) await recordCreationAddress(api, created);
  let now = await roleNow(api, userId, settings);
  // An account with no address (the outside mail recipients' user) is no member: no label, no profile.
  if (now && !now.user.email) return undefined;
  if (now && isInvitedStaff(now.evidence, settings)) {
    await addToSchool(api, (await defaultSchool(api)).id, userId, { staffRoles: ['teacher'] });
    now = await roleNow(api, userId, settings);
  }
  for (let round = 1; now && round <= SETTLE_ROUNDS; round += 1) {
    const labels = labelsWithRole(now.user.labels, now.role, now.boardAdmin);
    if (labels.join('\n') === now.user.labels.join('\n')) break;
    await api.users.updateLabels({ userId, labels });
    now = await roleNow(api, userId, settings);
  }
  if (!now) return undefined;
  await ensureProfile(api, now.user, now.role ?? null, settings);
  return { userId, role: now.role ?? null };
}

/** The account as it is now, what decides its labels, and the labels it stands for, read afresh; undefined once it is gone. */
async function roleNow(
  api: ServerApi,
  userId: string,
  settings: MemberSettings,
): Promise<{ user: Models.User; evidence: RoleEvidence; role: Role | undefined; boardAdmin: boolean } | undefined> {
  const user = await orUndefined(api.users.get({ userId }));
  if (!user) return undefined;
  const evidence = await accountEvidence(api, user, roleForEmail(user.email, settings) === 'teacher');
  return { user, evidence, role: roleLabelFor(evidence, settings), boardAdmin: isBoardAdmin(evidence, settings) };
}

/**
 * What the role rule reads of an account: its address, verification, the address it was created
 * with, and (for a staff address, `staffAddress`) whether it is on a school's staff.
 */
export async function accountEvidence(api: ServerApi, user: Models.User, staffAddress = false): Promise<RoleEvidence> {
  const createdWith = await creationAddress(api, user);
  const staffMember = staffAddress && (await isStaffMember(api, user.$id));
  return { email: user.email, emailVerification: user.emailVerification, createdWith, staffMember };
}

/** A staff address of the board's invitation list (`TEACHER_EMAILS`) that is on no school's staff yet. */
function isInvitedStaff(evidence: RoleEvidence, settings: MemberSettings): boolean {
  const address = evidence.email.trim().toLowerCase();
  return awaitsSchool(evidence, settings) && settings.teacherEmails.some((listed) => listed.trim().toLowerCase() === address);
}

/** A new member's profile: public, named after the account (or its address), reached at its address. */
export function newProfileColumns(user: Pick<Models.User, 'email' | 'name'>, role: Role | null): ProfileColumns {
  return {
    email: user.email,
    name: (user.name || user.email.split('@')[0] || 'Member').slice(0, 128),
    role,
    school: null,
    interests: null,
    bio: null,
    location: null,
    isPublic: true,
    photoFileId: null,
    contactEmail: user.email,
  };
}

async function ensureProfile(api: ServerApi, user: Models.User, role: Role | null, settings: MemberSettings): Promise<void> {
  const target = { databaseId: DATABASE_ID, tableId: TABLES.profiles, rowId: user.$id };
  const existing = await orUndefined(api.tables.getRow<ProfileRow>(target));
  if (!existing) {
    const columns = newProfileColumns(user, role);
    try {
      // Made with the readers it has now (its schools' staff), so that the refresh after finds nothing to write.
      await api.tables.createRow<ProfileRow>({
        ...target,
        data: columns,
        permissions: profilePermissions(await profileAudience(api, user.$id, columns)),
      });
      await refreshProfileAccess(api, user.$id);
      return;
    } catch (thrown) {
      // A simultaneous run created it first; bring that one up to date instead.
      if (!hasStatus(thrown, 409)) throw thrown;
    }
  }
  const current = existing ?? (await api.tables.getRow<ProfileRow>(target));
  const changes: Partial<ProfileColumns> = {};
  if (current.role !== role) {
    // Another run (sign-up and verification events may overlap) may have seen a newer account:
    // decide from the account as it is now, never from the possibly stale copy read at the start.
    const latest = await roleNow(api, user.$id, settings);
    const latestRole = latest?.role ?? null;
    if (current.role !== latestRole) changes.role = latestRole;
  }
  if (current.email !== user.email) {
    changes.email = user.email;
    // A contact address that was simply the old account address follows the account.
    if (!current.contactEmail || current.contactEmail === current.email) changes.contactEmail = user.email;
  }
  if (Object.keys(changes).length) await api.tables.updateRow<ProfileRow>({ ...target, data: changes });
  // Also brings a profile written before the rules of issue 15 (readable by every member) up to them.
  await refreshProfileAccess(api, user.$id);
}
