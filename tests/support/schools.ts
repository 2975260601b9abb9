import { membershipRoles, type StaffRole } from '@opportunity-kit/sdk/domain';
import { Query, Teams } from 'node-appwrite';
import { adminClient, type TestBackend } from './backend.ts';

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
