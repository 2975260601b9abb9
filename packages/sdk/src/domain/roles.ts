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
 * The role an address stands for (spec section 6, architecture section 4): an address that starts
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
 * True when the role comes from the school (its domain or its teacher list): such an address is
 * labelled only once it is verified, so nobody becomes a student or teacher by typing an address.
 * @public
 */
export function roleNeedsVerification(email: string, settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>): boolean {
  return roleForEmail(email, settings) !== 'recruiter';
}

/**
 * The label an account gets now: its role, or `undefined` while a school address is unverified.
 * This is the rule the `roles` function applies on sign-up and on verification.
 * @public
 */
export function roleLabelFor(
  account: { email: string; emailVerification: boolean },
  settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>,
): Role | undefined {
  if (!account.email) return undefined;
  if (roleNeedsVerification(account.email, settings) && !account.emailVerification) return undefined;
  return roleForEmail(account.email, settings);
}

/** Reads the role from an account's labels (set only by the server). @public */
export function roleFromLabels(labels: readonly string[]): Role | undefined {
  for (const role of ['teacher', 'student', 'recruiter'] as const) {
    if (labels.includes(role)) return role;
  }
  return undefined;
}
