import { Query, TablesDB as AdminTables } from 'node-appwrite';
import { adminClient, type TestBackend } from './backend.ts';
import type { TestBrowser } from './browser.ts';
import { eventually, guest, pendingStaffMember, recruiter, student, teacher, type Member } from './portal.ts';
import { SCHOOL_A, SCHOOL_B, type TestSchool } from './schools.ts';

/**
 * The eight callers of the permission matrix, each a real browser session (the guest has none).
 * Students and teachers sign up with school addresses, recruiters with outside ones; every address
 * is then verified, so the `roles` function labels them exactly as it labels real accounts. The
 * board has two schools (issue 23): studentA and teacherA belong to the first, studentB and teacherB
 * to the second. `pendingStaff` is a verified staff address no school has added yet: no role, no power.
 */

export const PRINCIPALS = ['guest', 'studentA', 'studentB', 'teacherA', 'teacherB', 'recruiterA', 'recruiterB', 'pendingStaff'] as const;
export type Principal = (typeof PRINCIPALS)[number];
export type Role = 'student' | 'teacher' | 'recruiter';

export const ROLE_OF: Readonly<Record<Principal, Role | undefined>> = {
  guest: undefined,
  studentA: 'student',
  studentB: 'student',
  teacherA: 'teacher',
  teacherB: 'teacher',
  recruiterA: 'recruiter',
  recruiterB: 'recruiter',
  pendingStaff: undefined,
};

/** The school each student and teacher belongs to; guests, recruiters and the pending staff address belong to none. */
export const SCHOOL_OF: Readonly<Record<Principal, TestSchool | undefined>> = {
  guest: undefined,
  studentA: SCHOOL_A,
  studentB: SCHOOL_B,
  teacherA: SCHOOL_A,
  teacherB: SCHOOL_B,
  recruiterA: undefined,
  recruiterB: undefined,
  pendingStaff: undefined,
};

/** True when both principals belong to one school (the staff of a school reach only its students). */
export const sameSchool = (one: Principal, other: Principal): boolean => SCHOOL_OF[one] !== undefined && SCHOOL_OF[one] === SCHOOL_OF[other];

export const MEMBERS: readonly Principal[] = PRINCIPALS.filter((principal) => principal !== 'guest');
export const TEACHERS: readonly Principal[] = PRINCIPALS.filter((principal) => ROLE_OF[principal] === 'teacher');
/** Members with a role label (every member but the pending staff address). */
export const ROLE_HOLDERS: readonly Principal[] = MEMBERS.filter((principal) => ROLE_OF[principal] !== undefined);
/** The teachers of the school `principal` belongs to (none for one of no school). */
export const teachersOfSchoolOf = (principal: Principal): Principal[] => TEACHERS.filter((teacher) => sameSchool(teacher, principal));

export type Actor = TestBrowser & { principal: Principal; userId: string | undefined; email: string | undefined };
export type MemberActor = Member & { principal: Principal };
export type Actors = Readonly<Record<Principal, Actor>>;

/** The member behind a principal; the guest is no member. */
export function memberOf(actors: Actors, principal: Principal): MemberActor {
  const actor = actors[principal];
  if (!actor.userId) throw new Error(`${principal} is not signed in`);
  return actor as MemberActor;
}

/**
 * Signs the principals up (concurrently) and waits until every member has its label and the
 * profile row the `roles` function creates with the same role. The API key only verifies the
 * addresses (inside `member`, as no principal can verify its own address without mail) and
 * observes that the profiles exist.
 */
export async function createPrincipals(backend: TestBackend): Promise<Actors> {
  const make: Record<Principal, () => Promise<TestBrowser & { userId?: string; email?: string }>> = {
    guest: async () => guest(backend),
    studentA: () => student(backend, undefined, SCHOOL_A),
    studentB: () => student(backend, undefined, SCHOOL_B),
    teacherA: () => teacher(backend, undefined, SCHOOL_A),
    teacherB: () => teacher(backend, undefined, SCHOOL_B),
    recruiterA: () => recruiter(backend),
    recruiterB: () => recruiter(backend),
    pendingStaff: () => pendingStaffMember(backend),
  };
  const made = await Promise.all(
    PRINCIPALS.map(async (principal) => {
      const browser = await make[principal]();
      return Object.assign(browser, { principal, userId: browser.userId, email: browser.email }) as Actor;
    }),
  );
  const actors = Object.fromEntries(made.map((actor) => [actor.principal, actor])) as Record<Principal, Actor>;

  const tables = new AdminTables(adminClient(backend));
  const ids = MEMBERS.map((principal) => memberOf(actors, principal).userId);
  const profiles = await eventually(
    () => tables.listRows({ databaseId: 'portal', tableId: 'profiles', queries: [Query.equal('$id', ids), Query.limit(100)] }),
    (list) => list.rows.length === ids.length && list.rows.every((row) => row.role === (ROLE_OF[principalOf(actors, row.$id)] ?? null)),
  );
  if (profiles.rows.length !== ids.length) throw new Error(`the roles function made ${profiles.rows.length} of ${ids.length} profiles`);
  return actors;
}

/** The principal whose account has this id. */
export function principalOf(actors: Actors, userId: string): Principal {
  const found = PRINCIPALS.find((principal) => actors[principal].userId === userId);
  if (!found) throw new Error(`no principal has the user id ${userId}`);
  return found;
}
