import type { Role } from '@opportunity-kit/sdk/domain';

const ROLE_NAMES: Record<Role, string> = { student: 'Student', teacher: 'Teacher', recruiter: 'Employer' };

/** The role as people read it; a profile saved before its account had a role shows none. */
export function roleName(role: Role | null): string | null {
  return role ? ROLE_NAMES[role] : null;
}

/** The comma-separated interests of a profile, as a list without blanks. */
export function interestsOf(text: string): string[] {
  return text
    .split(',')
    .map((interest) => interest.trim())
    .filter(Boolean);
}

/** The address of a member's page: `/network/{email}`, the portal's route for one profile. */
export const networkProfileHref = (email: string): string => `/network/${encodeURIComponent(email)}`;
