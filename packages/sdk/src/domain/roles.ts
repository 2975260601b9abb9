import type { DeploymentSettings, Role } from './constants.ts';

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The part after the last `@`, or undefined for something that is not an address. */
function domainOf(email: string): { local: string; domain: string } | undefined {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return undefined;
  return { local: email.slice(0, at), domain: email.slice(at + 1) };
}

/**
 * The role an address stands for: an address that starts
 * with the digit 1 at the school domain is a student; any other address at that domain, or one of the
 * listed teacher addresses, is a teacher; everyone else is a recruiter. The domain must match exactly
 * after the `@`, so `1abc@evil-school.example` is not a student of `school.example`.
 * @public
 */
export function roleForEmail(email: string, settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>): Role {
  const address = normalizeEmail(email);
  if (settings.teacherEmails.some((teacher) => normalizeEmail(teacher) === address)) return 'teacher';
  const parts = domainOf(address);
  if (parts && parts.domain === normalizeEmail(settings.schoolDomain)) {
    return parts.local.startsWith('1') ? 'student' : 'teacher';
  }
  return 'recruiter';
}

/**
 * True when the address stands for a school role (student or teacher): an address at the school
 * domain or one of the listed teacher addresses. Such a role is given only to an account that was
 * created with this very address, once it is verified (see {@link roleLabelFor}).
 * @public
 */
export function isSchoolAddress(email: string, settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>): boolean {
  return roleForEmail(email, settings) !== 'recruiter';
}

/**
 * True when the role comes from the school (its domain or its teacher list).
 * @deprecated Every role now needs a verified address; this is {@link isSchoolAddress}.
 * @public
 */
export function roleNeedsVerification(email: string, settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>): boolean {
  return isSchoolAddress(email, settings);
}

/**
 * What the role rule reads of an account.
 * @public
 */
export interface RoleEvidence {
  /** The account's address now. */
  email: string;
  /** Whether that address is verified (a federated sign-in through the school's provider counts). */
  emailVerification: boolean;
  /**
   * The address the account was created with, as recorded where no client can write it; null when
   * nothing was recorded.
   */
  createdWith: string | null;
  /**
   * Whether the account is a member of a school's staff (a confirmed membership with the `staff`
   * role). A staff address gets the `teacher` label, and its powers, only then (issue 23): address
   * shape is not authority. Undefined reads as no.
   */
  staffMember?: boolean;
}

/**
 * The label an account gets now, or `undefined` for none:
 * - no role until the address is verified, so nobody is a recruiter (who reads student profiles and
 *   posts to students) by typing an address;
 * - a school role only for the address the account was created with. Appwrite keeps a mailed
 *   verification link valid across an e-mail change, so "verified" is no proof that the account
 *   owns a school address it moved to; such an account gets no role at all.
 * This is the rule the `roles` function applies on sign-up, verification and e-mail change.
 * @public
 */
export function roleLabelFor(account: RoleEvidence, settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>): Role | undefined {
  if (!account.email || !account.emailVerification) return undefined;
  const role = roleForEmail(account.email, settings);
  if (role === 'recruiter') return role;
  const createdWithThisAddress = account.createdWith !== null && normalizeEmail(account.createdWith) === normalizeEmail(account.email);
  if (!createdWithThisAddress) return undefined;
  return role === 'teacher' && !account.staffMember ? undefined : role;
}

/**
 * Whether a staff address waits for its school: verified, created with this address, and a member of
 * no school's staff yet. The portal shows it "waiting for your school to add you".
 * @public
 */
export function awaitsSchool(account: RoleEvidence, settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>): boolean {
  // The label the account would have as staff: the address rule with every other condition met.
  return !account.staffMember && roleLabelFor({ ...account, staffMember: true }, settings) === 'teacher';
}

/**
 * Whether the account is one of the board's administrators: a verified address listed in
 * `BOARD_ADMIN_EMAILS`, which the account was created with (as for every school role).
 * @public
 */
export function isBoardAdmin(account: RoleEvidence, settings: Pick<DeploymentSettings, 'boardAdminEmails'>): boolean {
  if (!account.email || !account.emailVerification || account.createdWith === null) return false;
  const address = normalizeEmail(account.email);
  return normalizeEmail(account.createdWith) === address && settings.boardAdminEmails.some((admin) => normalizeEmail(admin) === address);
}

/** Reads the role from an account's labels (set only by the server). @public */
export function roleFromLabels(labels: readonly string[]): Role | undefined {
  for (const role of ['teacher', 'student', 'recruiter'] as const) {
    if (labels.includes(role)) return role;
  }
  return undefined;
}
