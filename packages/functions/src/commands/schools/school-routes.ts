import { SCHOOL_MESSAGES, schoolNameProblem, type MySchools, type School } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../../platform/caller.ts';
import { invalidInput, notAllowed } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import { allSchools, createSchool, membershipsOf } from '../../portal/schools.ts';
import { isBoardAdmin } from './school-access.ts';
import { pendingRequestOf } from './join-requests.ts';

/** GET /schools — the board's schools, for any signed-in member (to pick theirs). */
export const listSchools: Command = async ({ caller, body, api }) => {
  requireMember(caller);
  body.done();
  return (await allSchools(api)) satisfies School[];
};

/** POST /schools `{ name }` — the board's administrators create a school (an Appwrite Team). */
export const createSchoolRoute: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const name = body.text('name') ?? '';
  body.done();
  if (!isBoardAdmin(member)) throw notAllowed(SCHOOL_MESSAGES.onlyBoardAdmins);
  const problem = schoolNameProblem(name);
  if (problem) throw invalidInput({ name: problem });
  return (await createSchool(api, name)) satisfies School;
};

/** GET /schools/mine — the caller's own schools and roles (read on the server: their memberships). */
export const mySchools: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  body.done();
  const [memberships, request] = await Promise.all([membershipsOf(api, member.id), pendingRequestOf(api, member.id)]);
  return { memberships, request, boardAdmin: isBoardAdmin(member) } satisfies MySchools;
};
