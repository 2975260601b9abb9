import { errors } from '../http/errors.ts';
import type { UserRecord } from './accounts.ts';
import { verifyPassword } from './password-hashes.ts';
import type { ProjectAuthSettings } from './project-auth.ts';

/** Who a password belongs to, for the personal-data rule. */
export interface PasswordOwner {
  id: string;
  email?: string | undefined;
  name?: string | undefined;
  phone?: string | undefined;
}

/**
 * Appwrite's PersonalData validator (project setting `personalDataCheck`): case-insensitively, the
 * password may not contain the user's id, e-mail, the e-mail's local part, name or phone number.
 */
export function containsPersonalData(password: string, owner: PasswordOwner): boolean {
  const text = password.toLowerCase();
  const email = (owner.email ?? '').toLowerCase();
  const phone = (owner.phone ?? '').toLowerCase();
  const parts = [owner.id.toLowerCase(), email, email.split('@')[0] ?? '', (owner.name ?? '').toLowerCase(), phone.replace('+', ''), phone];
  return parts.some((part) => part !== '' && text.includes(part));
}

/** Refuses a password with personal data when the project asks (400 `user_password_personal_data`). */
export function checkPersonalData(password: string, owner: PasswordOwner, settings: Pick<ProjectAuthSettings, 'personalDataCheck'>): void {
  if (settings.personalDataCheck && containsPersonalData(password, owner)) throw errors.passwordPersonalData();
}

/** Refuses one of the user's last `passwordHistory` passwords (400 `user_password_recently_used`). */
export async function checkPasswordHistory(password: string, user: UserRecord, settings: Pick<ProjectAuthSettings, 'passwordHistory'>): Promise<void> {
  if (settings.passwordHistory <= 0) return;
  const algorithm = user.password?.algorithm ?? 'argon2';
  const options = user.password?.options ?? {};
  for (const hash of user.passwordHistory) {
    if (await verifyPassword(password, { hash, algorithm, options })) throw errors.passwordRecentlyUsed();
  }
}
