import { BOARD_ADMIN_LABEL, isSchoolId, SCHOOL_MESSAGES, type School } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import type { Member } from '../../platform/caller.ts';
import { notAllowed, notFound } from '../../platform/command-error.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { isStaffOf } from '../../portal/schools.ts';

/** True for one of the board's administrators (the `boardadmin` label, which only the `roles` function sets). */
export function isBoardAdmin(member: Member): boolean {
  return member.labels.includes(BOARD_ADMIN_LABEL);
}

/** The school a path names, or "School not found" (also for a team that is no school). */
export async function schoolNamed(api: ServerApi, schoolId: string): Promise<School> {
  const team = isSchoolId(schoolId) ? await orUndefined(api.teams.get({ teamId: schoolId })) : undefined;
  if (!team) throw notFound(SCHOOL_MESSAGES.schoolNotFound);
  return { id: team.$id, name: team.name };
}

/** The board's administrators and the school's own administrators manage its staff. */
export async function requireSchoolAdmin(api: ServerApi, member: Member, schoolId: string): Promise<void> {
  if (isBoardAdmin(member) || (await isStaffOf(api, member, schoolId, ['admin']))) return;
  throw notAllowed(SCHOOL_MESSAGES.onlySchoolAdmins);
}
