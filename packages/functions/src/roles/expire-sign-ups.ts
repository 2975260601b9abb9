import type { DeploymentSettings } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { isExpiredSchoolSignUp, removeAccount, unverifiedAccounts } from '../portal/school-accounts.ts';

export interface ExpiryOutcome {
  /** How many unverified accounts of school addresses were removed (no addresses: logs keep no student's address). */
  removed: number;
}

/**
 * The `roles` function's daily schedule (issue 21, item 10): a sign-up with a school address that
 * was not verified within UNVERIFIED_SCHOOL_ACCOUNT_DAYS is removed, with its sessions, its password
 * and the rows kept about it, so nobody holds a student's or teacher's address by signing up first.
 * Each account is read again just before it goes, in case its owner verified it meanwhile.
 */
export async function expireUnverifiedSchoolSignUps(
  api: ServerApi,
  settings: Pick<DeploymentSettings, 'schoolDomain' | 'teacherEmails'>,
  now = Date.now(),
): Promise<ExpiryOutcome> {
  const candidates = (await unverifiedAccounts(api)).filter((user) => isExpiredSchoolSignUp(user, settings, now));
  let removed = 0;
  for (const candidate of candidates) {
    const current = await orUndefined(api.users.get({ userId: candidate.$id }));
    if (!current || !isExpiredSchoolSignUp(current, settings, now)) continue;
    await removeAccount(api, current.$id);
    removed += 1;
  }
  return { removed };
}
