import { ID, Query, Users } from 'node-appwrite';
import { BOARD_ADMIN_LABEL, type JoinRequest, type School, type SchoolStaffMember } from '@opportunity-kit/sdk/domain';
import { DEMO_BOARD_ADMIN, DEMO_PASSWORDS, DEMO_SCHOOLS, emailOf, type DemoPerson, type DemoSchoolKey } from './demo-data.ts';
import { runCommand } from './demo-commands.ts';
import { adminClient, signInAs, waitForLabel, waitForProfile, type Connection, type DemoMember } from './demo-members.ts';
import type { Members } from './seed-progress.ts';

/**
 * The board of the demo (issue 23), made the way a board is run: its administrator creates the
 * schools and adds each school's administrator, who adds the school's other staff; students ask to
 * join their school and its administrator confirms them. The API key only creates the accounts with
 * their demo passwords (as for every demo person) and marks the addresses verified.
 */

export type DemoSchools = ReadonlyMap<DemoSchoolKey, School>;

/** The board administrator's address at the board's domain (BOARD_ADMIN_EMAILS of `pnpm start`). */
export const boardAdminEmail = (schoolDomain: string): string => `${DEMO_BOARD_ADMIN.local}@${schoolDomain}`;

/** The board administrator signs in and creates the schools the board does not have yet. */
export async function foundSchools(connection: Connection, schoolDomain: string): Promise<{ board: DemoMember; schools: DemoSchools }> {
  const email = boardAdminEmail(schoolDomain);
  const userId = await verifiedAccount(connection, email, DEMO_BOARD_ADMIN.name, DEMO_BOARD_ADMIN.password);
  await waitForLabel(connection, userId, email, BOARD_ADMIN_LABEL, `The backend's functions must list ${email} in BOARD_ADMIN_EMAILS.`);
  const board = await signInAs(
    connection,
    { key: 'board', role: 'teacher', name: DEMO_BOARD_ADMIN.name, local: DEMO_BOARD_ADMIN.local, domain: 'school' },
    userId,
    email,
    DEMO_BOARD_ADMIN.password,
  );
  const existing = await runCommand<School[]>(board.functions, 'GET', '/schools');
  const schools = new Map<DemoSchoolKey, School>();
  for (const [key, name] of Object.entries(DEMO_SCHOOLS) as Array<[DemoSchoolKey, string]>) {
    schools.set(key, existing.find((school) => school.name === name) ?? (await runCommand<School>(board.functions, 'POST', '/schools', { name })));
  }
  return { board, schools };
}

/**
 * Staff accounts exist (with the demo password) before anyone adds them, as a teacher who signed up
 * first would; the board administrator adds each school's administrators, and they add the rest.
 */
export async function staffSchools(
  connection: Connection,
  schoolDomain: string,
  people: readonly DemoPerson[],
  board: DemoMember,
  schools: DemoSchools,
): Promise<void> {
  const staff = people.filter((person) => person.school && person.staffRoles);
  for (const person of staff) await verifiedAccount(connection, emailOf(person, schoolDomain), person.name, DEMO_PASSWORDS.teacher);
  for (const [key, school] of schools) {
    const ofSchool = staff.filter((person) => person.school === key);
    const admins = ofSchool.filter((person) => person.staffRoles?.includes('admin'));
    const already = new Set((await runCommand<SchoolStaffMember[]>(board.functions, 'GET', `/schools/${school.id}/staff`)).map((member) => member.email));
    const missing = ofSchool.filter((person) => !already.has(emailOf(person, schoolDomain)));
    // The administrators are the board's to add; the school's first administrator adds everyone else.
    for (const person of missing.filter((candidate) => admins.includes(candidate))) await addStaff(board, school, person, schoolDomain);
    const others = missing.filter((candidate) => !admins.includes(candidate));
    const firstAdmin = admins[0];
    if (others.length === 0) continue;
    const adder = firstAdmin
      ? await signInAs(connection, firstAdmin, ...(await idAndEmail(connection, firstAdmin, schoolDomain)), DEMO_PASSWORDS.teacher)
      : board;
    for (const person of others) await addStaff(adder, school, person, schoolDomain);
  }
}

async function addStaff(adder: DemoMember, school: School, person: DemoPerson, schoolDomain: string): Promise<void> {
  await runCommand(adder.functions, 'POST', `/schools/${school.id}/staff`, {
    email: emailOf(person, schoolDomain),
    name: person.name,
    roles: person.staffRoles,
  });
}

/** Each student asks to join their school; its first administrator confirms them. */
export async function enrolStudents(members: Members, schools: DemoSchools): Promise<number> {
  let joined = 0;
  for (const student of [...members.values()].filter((member) => member.person.role === 'student' && member.person.school)) {
    const school = schools.get(student.person.school as DemoSchoolKey) as School;
    const mine = await runCommand<{ memberships: Array<{ schoolId: string; student: boolean }> }>(student.functions, 'GET', '/schools/mine');
    if (mine.memberships.some((membership) => membership.student)) continue;
    const admin = [...members.values()].find((member) => member.person.school === student.person.school && member.person.staffRoles?.includes('admin'));
    if (!admin) throw new Error(`The demo school ${school.name} needs an administrator to confirm its students.`);
    await runCommand<JoinRequest>(student.functions, 'POST', `/schools/${school.id}/requests`);
    await runCommand<JoinRequest>(admin.functions, 'POST', `/schools/${school.id}/requests/${student.userId}`, { decision: 'approve' });
    joined += 1;
  }
  return joined;
}

/**
 * Each school's administrator imports the roster again with the graduation year column (issue 24), as
 * a school adds it to students who joined before: the students are already members, so nobody is
 * mailed, and their staff's home then shows hours by graduation year. The years run from this school
 * year's graduation to three years after it, so every cohort of a secondary school shows.
 */
export async function giveGraduationYears(members: Members, schools: DemoSchools, schoolDomain: string, now = new Date()): Promise<number> {
  const thisGraduation = now.getUTCFullYear() + (now.getUTCMonth() >= 6 ? 1 : 0);
  let given = 0;
  for (const [key, school] of schools) {
    const students = [...members.values()].filter((member) => member.person.role === 'student' && member.person.school === key);
    const admin = [...members.values()].find((member) => member.person.school === key && member.person.staffRoles?.includes('admin'));
    if (!admin || students.length === 0) continue;
    const csv = [
      'email,name,graduation year,birth month',
      ...students.map((student, index) => {
        const graduation = thisGraduation + (index % 4);
        return `${emailOf(student.person, schoolDomain)},"${student.person.name}",${graduation},${birthMonthFor(student.person.age, now)}`;
      }),
    ].join('\n');
    await runCommand(admin.functions, 'POST', '/roster', { csv, schoolId: school.id });
    given += students.length;
  }
  return given;
}

/**
 * The birth month of a student `age` years old on `now` (issue 26): the month before this one, `age`
 * years back, so the age holds all month long. Empty when the demo gives no age.
 */
function birthMonthFor(age: number | undefined, now: Date): string {
  if (age === undefined) return '';
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth() - 1, 1));
  return lastMonth.toISOString().slice(0, 7);
}

/** The account with this address, made (with its password) and verified unless it exists; answers its id. */
async function verifiedAccount(connection: Connection, email: string, name: string, password: string): Promise<string> {
  const users = new Users(adminClient(connection));
  const found = (await users.list({ queries: [Query.equal('email', [email]), Query.limit(1)] })).users[0];
  const user = found ?? (await users.create({ userId: ID.unique(), email, password, name }));
  if (!user.emailVerification) await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
  // Staff powers go only to the address an account was made with, which the `roles` function records on creation.
  await waitForProfile(connection, user.$id);
  return user.$id;
}

async function idAndEmail(connection: Connection, person: DemoPerson, schoolDomain: string): Promise<[string, string]> {
  const email = emailOf(person, schoolDomain);
  return [await verifiedAccount(connection, email, person.name, DEMO_PASSWORDS.teacher), email];
}
