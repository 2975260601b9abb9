import { Query, type Models } from 'node-appwrite';
import type { ServerApi } from '../platform/server-client.ts';
import { refreshProfileAccess } from '../portal/profile-access.ts';
import { addToSchool, defaultSchool, membershipsOf } from '../portal/schools.ts';
import { moveOldPostsToSchool, scopeOldModeration } from './migrate-feed.ts';
import { scopeRowsToSchools, type SchoolRowsMigration } from './migrate-school-rows.ts';

/** What one run of the migration did, and where the next run goes on. */
export interface BoardMigration {
  /** The school the deployment's members joined (SCHOOL_NAME, or the board's first school). */
  schoolId: string;
  /** Members made staff (former `teacher` labels) and students of it in this run. */
  staffAdded: number;
  studentsAdded: number;
  /** Posts from before schools moved into their author's school in this run (`moveOldPostsToSchool`). */
  postsMoved: number;
  /** Reports and moderation decisions of the feed from before schools given their school's staff, once every member was placed. */
  moderationScoped?: number;
  /** False when the run stopped for time: run it again with `after` to go on. */
  done: boolean;
  /** The last account this run looked at (a cursor for the next run). */
  after: string | null;
  /** Rows from before schools given their school once every member had one (`migrate-school-rows.ts`). */
  rows?: SchoolRowsMigration;
}

const PAGE = 100;

/**
 * Issue 23, migration: a deployment from before schools (one school, `teacher` labels by address)
 * becomes a board of one school. Every account labelled `teacher` that is on no school's staff joins
 * the board's default school as a teacher, and every `student` in no school joins it as a student;
 * nobody loses a power they had. The member's posts from before then move into their school, and
 * their profile is read by their school (the feed and the network are per school); once everyone is
 * placed, the other rows written before schools are scoped to their school (`scopeRowsToSchools`) and
 * the feed's reports and decisions go to its school's staff. Safe to run any number of times: a member already placed is left
 * as they are. A run stops after `budgetMs` (the function's timeout is short) and answers where the
 * next run goes on.
 */
export async function migrateToBoard(api: ServerApi, options: { after?: string | null; budgetMs?: number; now?: () => number } = {}): Promise<BoardMigration> {
  const now = options.now ?? Date.now;
  const deadline = now() + (options.budgetMs ?? 10_000);
  const school = await defaultSchool(api);
  const outcome: BoardMigration = { schoolId: school.id, staffAdded: 0, studentsAdded: 0, postsMoved: 0, done: false, after: options.after ?? null };
  for (;;) {
    const queries = [Query.orderAsc('$id'), Query.limit(PAGE), ...(outcome.after ? [Query.cursorAfter(outcome.after)] : [])];
    const { users } = await api.users.list({ queries });
    for (const user of users) {
      if (now() > deadline) return outcome;
      await placeInSchool(api, user, school.id, outcome);
      outcome.after = user.$id;
    }
    if (users.length < PAGE) {
      // Everyone has their school now: the rows that still grant every teacher get their school's staff,
      // and the feed's reports and decisions go to the staff of their post's school.
      const rows = await scopeRowsToSchools(api, () => now() <= deadline);
      outcome.moderationScoped = await scopeOldModeration(api, school.id);
      return { ...outcome, rows, done: rows.done };
    }
  }
}

async function placeInSchool(api: ServerApi, user: Models.User, schoolId: string, outcome: BoardMigration): Promise<void> {
  const teacher = user.labels.includes('teacher');
  const student = user.labels.includes('student');
  if (!teacher && !student) return;
  const memberships = await membershipsOf(api, user.$id);
  const own = memberships.find((membership) => (teacher ? membership.staffRoles.length > 0 : membership.student));
  if (teacher && !own) {
    await addToSchool(api, schoolId, user.$id, { staffRoles: ['teacher'] });
    outcome.staffAdded += 1;
  } else if (student && !own) {
    await addToSchool(api, schoolId, user.$id, { student: true });
    outcome.studentsAdded += 1;
  }
  outcome.postsMoved += await moveOldPostsToSchool(api, user.$id, own?.schoolId ?? schoolId);
  // The membership event refreshes it too, but later: the migration answers once the network is per school.
  await refreshProfileAccess(api, user.$id);
}
