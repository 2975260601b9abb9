import {
  schoolNameProblem,
  staffRoleProblem,
  type JoinRequest,
  type JoinRequestDecision,
  type MySchools,
  type NewStaffMember,
  type School,
  type SchoolFigures,
  type SchoolStaffMember,
} from '../domain/schools.ts';
import type { PortalContext } from './context.ts';
import { segment } from './context.ts';
import { invalidInput } from './errors.ts';

/**
 * The board's schools (issue 23): board administrators create schools, school administrators manage
 * their staff, and a member no school has taken in yet asks to join one. The server decides who may
 * do what; the checks here only spare a request that would be refused for its shape.
 * @public
 */
export interface SchoolsModule {
  /** The board's schools, for any signed-in member (to pick theirs). */
  list(): Promise<School[]>;
  /** The signed-in member's schools and roles, their pending request, and whether they administer the board. */
  mine(): Promise<MySchools>;
  /** Board administrators: each school's counts of students, staff and waiting requests (`not-allowed` for anyone else). */
  figures(): Promise<SchoolFigures[]>;
  /** Board administrators: creates a school (`not-allowed` for anyone else). */
  create(name: string): Promise<School>;
  /** A school's staff with their roles, for its administrators and the board's. */
  staff(schoolId: string): Promise<SchoolStaffMember[]>;
  /** Adds a staff address to the school with these roles; an address without an account gets one and a link to choose a password. */
  addStaff(schoolId: string, member: NewStaffMember): Promise<SchoolStaffMember>;
  /** Takes a staff member off the school (a school keeps at least one administrator). */
  removeStaff(schoolId: string, userId: string): Promise<{ userId: string }>;
  /** The signed-in member asks to join the school; a new request replaces their earlier pending one. */
  requestToJoin(schoolId: string): Promise<JoinRequest>;
  /** The school's pending requests the signed-in staff member may decide, oldest first. */
  requests(schoolId: string): Promise<JoinRequest[]>;
  /** Approves (a staff request with the roles given) or declines a request; the member is mailed either way. */
  decideRequest(schoolId: string, userId: string, decision: JoinRequestDecision): Promise<JoinRequest>;
}

export function createSchools(context: Pick<PortalContext, 'command'>): SchoolsModule {
  const school = (id: string) => `/schools/${segment(id)}`;
  return {
    list: () => context.command<School[]>('GET', '/schools'),
    mine: () => context.command<MySchools>('GET', '/schools/mine'),
    figures: () => context.command<SchoolFigures[]>('GET', '/schools/figures'),
    create(name) {
      const problem = schoolNameProblem(name);
      if (problem) throw invalidInput({ name: problem });
      return context.command<School>('POST', '/schools', { name: name.trim() });
    },
    staff: (schoolId) => context.command<SchoolStaffMember[]>('GET', `${school(schoolId)}/staff`),
    addStaff(schoolId, member) {
      const problem = staffRoleProblem(member.roles);
      if (problem) throw invalidInput({ roles: problem });
      const name = member.name?.trim();
      return context.command<SchoolStaffMember>('POST', `${school(schoolId)}/staff`, {
        email: member.email.trim(),
        ...(name ? { name } : {}),
        roles: member.roles,
      });
    },
    removeStaff: (schoolId, userId) => context.command<{ userId: string }>('DELETE', `${school(schoolId)}/staff/${segment(userId)}`),
    requestToJoin: (schoolId) => context.command<JoinRequest>('POST', `${school(schoolId)}/requests`),
    requests: (schoolId) => context.command<JoinRequest[]>('GET', `${school(schoolId)}/requests`),
    decideRequest(schoolId, userId, { decision, roles, reason }) {
      if (decision === 'approve' && roles !== undefined) {
        const problem = staffRoleProblem(roles);
        if (problem) throw invalidInput({ roles: problem });
      }
      const trimmed = reason?.trim();
      return context.command<JoinRequest>('POST', `${school(schoolId)}/requests/${segment(userId)}`, {
        decision,
        ...(roles ? { roles } : {}),
        ...(trimmed ? { reason: trimmed } : {}),
      });
    },
  };
}
