import { BOARD_ADMIN_LABEL, membershipRoles, type StaffRole } from '@opportunity-kit/sdk/domain';
import { ID, Query, Teams, Users } from 'node-appwrite';
import { adminClient, type TestBackend } from './backend.ts';
import { openBrowser, type TestBrowser } from './browser.ts';
import { eventually, SETTINGS } from './portal.ts';

/**
 * The board's schools in tests (issue 23): two schools, so every staff power can be tried on the
 * other school's students. Each is an Appwrite Team with a fixed id, made on first use and kept (a
 * real project shares them between the files of a run, as a board shares its schools).
 */

export interface TestSchool {
  id: string;
  name: string;
}

export const SCHOOL_A: TestSchool = { id: 'school-test-a', name: 'Riverside Secondary' };
export const SCHOOL_B: TestSchool = { id: 'school-test-b', name: 'Lakeview Collegiate' };

/** Makes the school's team unless it exists. */
export async function ensureSchool(backend: TestBackend, school: TestSchool): Promise<void> {
  try {
    await new Teams(adminClient(backend)).create({ teamId: school.id, name: school.name, roles: [] });
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
}

/**
 * Adds the member to the school as staff with these roles, or as a student, as its administrator
 * would (with the key Appwrite adds the membership at once, confirmed). The `roles` function then
 * labels a staff member `teacher` on the membership's event.
 */
export async function joinSchool(
  backend: TestBackend,
  school: TestSchool,
  userId: string,
  as: { student: true } | { staffRoles: readonly StaffRole[] },
): Promise<void> {
  await ensureSchool(backend, school);
  const teams = new Teams(adminClient(backend));
  const roles = membershipRoles(as);
  const { memberships } = await teams.listMemberships({ teamId: school.id, queries: [Query.equal('userId', userId), Query.limit(1)] });
  const existing = memberships[0];
  if (existing) await teams.updateMembership({ teamId: school.id, membershipId: existing.$id, roles });
  else await teams.createMembership({ teamId: school.id, roles, userId });
}

/**
 * The board's administrator (SETTINGS.boardAdminEmail, listed in BOARD_ADMIN_EMAILS), signed in.
 * One account per project: made with the key (and verified) unless it exists, as a real board's is.
 */
export async function boardAdmin(backend: TestBackend): Promise<TestBrowser & { userId: string }> {
  const users = new Users(adminClient(backend));
  const email = SETTINGS.boardAdminEmail;
  const existing = (await users.list({ queries: [Query.equal('email', [email]), Query.limit(1)] })).users[0];
  const user = existing ?? (await users.create({ userId: ID.unique(), email, password: BOARD_ADMIN_PASSWORD, name: 'Board Administrator' }));
  if (!user.emailVerification) await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
  await users.updatePassword({ userId: user.$id, password: BOARD_ADMIN_PASSWORD });
  const browser = openBrowser(backend);
  await browser.account.createEmailPasswordSession({ email, password: BOARD_ADMIN_PASSWORD });
  const account = await eventually(
    () => browser.account.get(),
    (signedIn) => signedIn.labels.includes(BOARD_ADMIN_LABEL),
  );
  if (!account.labels.includes(BOARD_ADMIN_LABEL)) throw new Error(`${email} never got the label ${BOARD_ADMIN_LABEL} (labels: ${account.labels.join(', ')})`);
  return Object.assign(browser, { userId: user.$id });
}

const BOARD_ADMIN_PASSWORD = 'board administrator pass';
