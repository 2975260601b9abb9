import { Query, TablesDB as AdminTables } from 'node-appwrite';
import { adminClient, type TestBackend } from './backend.ts';
import type { TestBrowser } from './browser.ts';
import { eventually, guest, recruiter, student, teacher, type Member } from './portal.ts';

/**
 * The seven callers of the permission matrix, each a real browser session (the guest has none).
 * Students and teachers sign up with school addresses, recruiters with outside ones; every address
 * is then verified, so the `roles` function labels them exactly as it labels real accounts.
 */

export const PRINCIPALS = ['guest', 'studentA', 'studentB', 'teacherA', 'teacherB', 'recruiterA', 'recruiterB'] as const;
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
};

export const MEMBERS: readonly Principal[] = PRINCIPALS.filter((principal) => principal !== 'guest');
export const TEACHERS: readonly Principal[] = PRINCIPALS.filter((principal) => ROLE_OF[principal] === 'teacher');

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
    studentA: () => student(backend),
    studentB: () => student(backend),
    teacherA: () => teacher(backend),
    teacherB: () => teacher(backend),
    recruiterA: () => recruiter(backend),
    recruiterB: () => recruiter(backend),
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
    (list) => list.rows.length === ids.length && list.rows.every((row) => row.role === ROLE_OF[principalOf(actors, row.$id)]),
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
