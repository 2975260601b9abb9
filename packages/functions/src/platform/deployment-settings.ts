import { DEFAULT_SETTINGS, type DeploymentSettings } from '@opportunity-kit/sdk/domain';

/** A setting the deployment must have and does not: the function refuses to act rather than guess. */
export class MissingSetting extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'MissingSetting';
  }
}

/**
 * The board's settings from the function's environment: `SCHOOL_DOMAIN`, and the address lists
 * `TEACHER_EMAILS` (staff the board invites) and `BOARD_ADMIN_EMAILS` (comma- or space-separated). Read per execution, so a changed variable applies without a redeploy.
 *
 * `SCHOOL_DOMAIN` decides who is a student or a teacher, so it fails closed: `appwrite push` sends no
 * variables, and guessing the demo domain on a real deployment would label every real school address a
 * recruiter. Only in local development (the functions talk to a backend on this machine) does the
 * documented default apply.
 */
export function deploymentSettings(env: NodeJS.ProcessEnv = process.env): Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails' | 'boardAdminEmails'> {
  const configured = env.SCHOOL_DOMAIN?.trim();
  if (!configured && !isLocalDevelopment(env)) {
    throw new MissingSetting(
      'SCHOOL_DOMAIN',
      'SCHOOL_DOMAIN is not set, so no role can be decided: set it (the school e-mail domain, e.g. school.example) as a project or function variable.',
    );
  }
  const schoolDomain = configured || DEFAULT_SETTINGS.schoolDomain;
  // Locally, with no list at all, the demo's board administrator (`pnpm start` prints the login);
  // a deployment names its own, and with none nobody creates schools (TEACHER_EMAILS still works).
  const boardAdmins = env.BOARD_ADMIN_EMAILS ?? (isLocalDevelopment(env) ? `${LOCAL_BOARD_ADMIN}@${schoolDomain}` : '');
  return { schoolDomain, teacherEmails: addressList(env.TEACHER_EMAILS), boardAdminEmails: addressList(boardAdmins) };
}

/** The local part of the board administrator's address in local development when BOARD_ADMIN_EMAILS is unset. */
export const LOCAL_BOARD_ADMIN = 'director';

/** A comma-, space- or semicolon-separated list of addresses. */
function addressList(value: string | undefined): string[] {
  return (value ?? '').split(/[\s,;]+/).filter(Boolean);
}

/** The API the function calls is on this machine: the local backend of `pnpm start` and the tests. */
function isLocalDevelopment(env: NodeJS.ProcessEnv): boolean {
  try {
    const { hostname } = new URL(env.APPWRITE_FUNCTION_API_ENDPOINT ?? '');
    return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
  } catch {
    return false;
  }
}
