import { ROLES, roleLabelFor, type DeploymentSettings, type Role } from '@opportunity-kit/sdk/domain';
import type { Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { profilePermissions } from '../portal/permissions.ts';
import type { ProfileColumns, ProfileRow } from '../portal/rows.ts';
import { DATABASE_ID, TABLES } from '../portal/schema.ts';

export interface RoleOutcome {
  userId: string;
  role: Role | null;
}

/** The account's labels with its role label replaced (labels that are not roles stay). */
export function labelsWithRole(labels: readonly string[], role: Role | undefined): string[] {
  const others = labels.filter((label) => !(ROLES as readonly string[]).includes(label));
  return role ? [...others, role] : others;
}

/**
 * Gives an account the label its address stands for (spec section 6; school addresses only once
 * verified) and makes sure it has a profile carrying the same role. Safe to run any number of times
 * for the same account, and concurrently: events may repeat, and sign-up and verification may meet.
 */
export async function assignRole(api: ServerApi, userId: string, settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>): Promise<RoleOutcome | undefined> {
  const user = await orUndefined(api.users.get({ userId }));
  if (!user) return undefined;
  const role = roleLabelFor(user, settings);
  const labels = labelsWithRole(user.labels, role);
  if (labels.join('\n') !== user.labels.join('\n')) await api.users.updateLabels({ userId, labels });
  await ensureProfile(api, user, role ?? null, settings);
  return { userId, role: role ?? null };
}

async function ensureProfile(
  api: ServerApi,
  user: Models.User,
  role: Role | null,
  settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>,
): Promise<void> {
  const target = { databaseId: DATABASE_ID, tableId: TABLES.profiles, rowId: user.$id };
  const existing = await orUndefined(api.tables.getRow<ProfileRow>(target));
  if (!existing) {
    const columns: ProfileColumns = {
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
    try {
      await api.tables.createRow<ProfileRow>({ ...target, data: columns, permissions: profilePermissions({ userId: user.$id, isPublic: true }) });
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
    const latest = await api.users.get({ userId: user.$id });
    const latestRole = roleLabelFor(latest, settings) ?? null;
    if (current.role !== latestRole) changes.role = latestRole;
  }
  if (current.email !== user.email) {
    changes.email = user.email;
    // A contact address that was simply the old account address follows the account.
    if (!current.contactEmail || current.contactEmail === current.email) changes.contactEmail = user.email;
  }
  if (Object.keys(changes).length) await api.tables.updateRow<ProfileRow>({ ...target, data: changes });
}
