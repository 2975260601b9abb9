import { canAssignStudents, STUDENT_MEMBERSHIP_ROLE, type AssignableStudent } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { requireMember } from '../platform/caller.ts';
import { invalidInput, notAllowed } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { readablePosting } from '../portal/postings.ts';
import { membershipsOf } from '../portal/schools.ts';

/** At most this many students answer one search: enough to pick from, few enough to read a list of. */
export const ASSIGNABLE_STUDENTS_MAX = 20;
/** Appwrite's `search` parameter takes at most 256 characters. */
const SEARCH_MAX = 256;

/**
 * POST /jobs/{id}/assignment/candidates `{ search }` — a teacher picking whom to assign finds them by
 * part of their name or e-mail: the students of the schools the teacher is staff of, and of nobody
 * else's (the command answers only from the teacher's own schools' memberships, so another school's
 * student is never named). A private posting of a school offers that school's students only, as
 * `PUT /jobs/{id}/assignment` accepts only them.
 */
export const assignableStudents: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const search = (body.text('search') ?? '').trim().toLowerCase();
  body.done();
  if (!canAssignStudents(member)) throw notAllowed('Only teachers can assign students to opportunities.');
  if (search.length > SEARCH_MAX) throw invalidInput({ search: `Please type at most ${SEARCH_MAX} characters.` });
  const job = await readablePosting(api, member, params.id as string);
  const schools = (await membershipsOf(api, member.id)).filter(
    (membership) => membership.staffRoles.length > 0 && (job.visible || !job.schoolId || job.schoolId === membership.schoolId),
  );
  if (search === '') return [];

  const found: AssignableStudent[] = [];
  for (const school of schools) {
    // Matched here rather than with Appwrite's `search`, so that what a teacher types matches anywhere in
    // a name or an address ("ana" in "Hanna"); the school's students are read a page at a time.
    for (let offset = 0; found.length < ASSIGNABLE_STUDENTS_MAX; offset += 100) {
      const { memberships } = await api.teams.listMemberships({
        teamId: school.schoolId,
        queries: [Query.contains('roles', [STUDENT_MEMBERSHIP_ROLE]), Query.limit(100), Query.offset(offset)],
      });
      for (const membership of memberships) {
        if (!membership.confirm) continue;
        const matches = membership.userName.toLowerCase().includes(search) || membership.userEmail.toLowerCase().includes(search);
        if (matches && found.length < ASSIGNABLE_STUDENTS_MAX) {
          found.push({ id: membership.userId, name: membership.userName, email: membership.userEmail, schoolName: school.schoolName });
        }
      }
      if (memberships.length < 100) break;
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
};
