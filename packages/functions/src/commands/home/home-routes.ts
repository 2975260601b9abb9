import type { HomeSummary, WorkCounts } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../../platform/caller.ts';
import type { Command } from '../../platform/router.ts';
import { allSchools, membershipsOf } from '../../portal/schools.ts';
import { isBoardAdmin } from '../schools/school-access.ts';
import { employerGlance } from './employer-glance.ts';
import { schoolGlance } from './school-glance.ts';
import { schoolOverview, staffRequestsOf } from './school-overview.ts';
import { workCounts } from './work-counts.ts';

/** GET /home/counts — what waits for the caller, for the counts on the navigation. */
export const homeCounts: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  body.done();
  return (await workCounts(api, member)) satisfies WorkCounts;
};

/**
 * GET /home `{ since? }` — the caller's home page (issue 24): what waits for them; for a school's
 * staff, their schools' students at a glance; for whoever posts, their postings (with what is new
 * since their last visit, `since`) and response time; for administrators, their schools' figures and
 * the staff requests waiting for them (every school for the board's).
 */
export const homeSummary: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const since = body.text('since');
  body.done();
  const memberships = member.role === 'student' ? [] : await membershipsOf(api, member.id);
  const staffOf = memberships
    .filter((membership) => membership.staffRoles.length > 0)
    .map((membership) => ({ id: membership.schoolId, name: membership.schoolName }));
  const administered = isBoardAdmin(member)
    ? await allSchools(api)
    : memberships
        .filter((membership) => membership.staffRoles.includes('admin'))
        .map((membership) => ({ id: membership.schoolId, name: membership.schoolName }));
  const [counts, schools, postings, overview, staffRequests] = await Promise.all([
    workCounts(api, member),
    Promise.all(staffOf.map((school) => schoolGlance(api, school))),
    member.role === 'recruiter' || member.role === 'teacher' ? employerGlance(api, member, since) : null,
    Promise.all(administered.map((school) => schoolOverview(api, school))),
    staffRequestsOf(api, administered),
  ]);
  return { counts, schools, postings, overview, staffRequests } satisfies HomeSummary;
};
