import { isEmailAddress, roleForEmail, roleFromLabels, type RosterResendAnswer } from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { hasStatus } from '../../platform/appwrite-errors.ts';
import { requireMember } from '../../platform/caller.ts';
import { CommandError, invalidInput, notAllowed, notFound } from '../../platform/command-error.ts';
import { deploymentSettings } from '../../platform/deployment-settings.ts';
import { portalOrigin } from '../../platform/portal-url.ts';
import type { Command } from '../../platform/router.ts';
import { guestAccount } from '../../platform/server-client.ts';
import { schoolOfStudent, staffSchoolsOf } from '../../portal/schools.ts';
import { mailInvitation } from './invitation-mail.ts';

/** The portal's page that a reset link opens (packages/portal `/reset-password`); `email` lets it sign the student in afterwards. */
function resetPage(portal: string, email: string): string {
  return `${portal}/reset-password?${new URLSearchParams({ email }).toString()}`;
}

/**
 * POST /roster/resend — a teacher sends a student of their school (`{ "email": … }`) a new way in: a new
 * invitation when the account never set a password (its first link was used or has expired), else a
 * password reset link. The reset link is asked for as a guest would ask (`account.createRecovery`,
 * not the execution's key), so Appwrite's limits hold: ten reset mails an hour per address, and ten per
 * client address, which on Appwrite is this function's. Teachers may know which students have accounts,
 * so an address without one is said to have none.
 */
export const resendLink: Command = async (request) => {
  const teacher = requireMember(request.caller);
  const typed = request.body.text('email');
  request.body.done();
  if (teacher.role !== 'teacher') throw notAllowed('Only teachers can send students a new link.');
  const email = (typed ?? '').trim().toLowerCase();
  if (!isEmailAddress(email)) throw invalidInput({ email: 'Please enter a valid email address' });
  const settings = deploymentSettings();
  if (roleForEmail(email, settings) !== 'student') {
    throw invalidInput({ email: `Only a student's school address (1…@${settings.schoolDomain}) can be sent a new link here.` });
  }
  const [student] = (await request.api.users.list({ queries: [Query.equal('email', [email]), Query.limit(1)] })).users;
  if (!student) throw notFound('No account uses this address yet. Import it with the roster to create one.');
  // Only the students of the sender's schools (issue 23): a student of no school or of another school is not theirs to mail.
  const schoolOf = await schoolOfStudent(request.api, student.$id);
  if (!schoolOf || !(await staffSchoolsOf(request.api, teacher)).includes(schoolOf)) {
    throw notFound('No student of your school uses this address. Import it with the roster to add them to your school.');
  }
  const role = roleFromLabels(student.labels);
  if (role !== undefined && role !== 'student') throw notAllowed('This address belongs to an account that is not a student’s.');
  if (!student.status) throw notAllowed('This account is blocked, so no link can be sent to it.');

  const portal = portalOrigin();
  let answer: RosterResendAnswer;
  if (student.passwordUpdate === '') {
    await mailInvitation(request.api, { userId: student.$id, name: student.name, teacherName: teacher.name || 'Your teacher', portal });
    answer = { email, sent: 'invitation' };
  } else {
    try {
      await guestAccount().createRecovery({ email, url: resetPage(portal, email) });
    } catch (thrown) {
      if (hasStatus(thrown, 429)) {
        throw new CommandError(
          'rate-limited',
          'Too many reset links were sent for this address (or from the portal) in the last hour. Please try again later; the student can also choose "Forgot password?" on the sign-in page.',
        );
      }
      throw thrown;
    }
    answer = { email, sent: 'reset-link' };
  }
  return answer;
};
