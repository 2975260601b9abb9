import { STAFF_ROLE_NAMES, type StaffRole } from '@opportunity-kit/sdk/domain';
import { ID, Messaging } from 'node-appwrite';
import type { ServerApi } from '../../platform/server-client.ts';
import { INVITATION_TTL_SECONDS } from '../roster/invitation-mail.ts';

/** What a member is told when a school adds them, or answers their request to join. */
export interface SchoolNews {
  userId: string;
  name: string;
  schoolName: string;
  portal: string;
  /** The staff roles given, or none for a student. */
  staffRoles: readonly StaffRole[];
  /** Who decided (their name), said in the mail. */
  by: string;
  /** A set-password link for an account that has no password yet. */
  setPasswordLink?: string;
}

const rolesText = (roles: readonly StaffRole[]): string => roles.map((role) => STAFF_ROLE_NAMES[role].toLowerCase()).join(' and ');

/** Mails a member that they now belong to the school (as staff with these roles, or as a student). */
export async function mailSchoolWelcome(api: ServerApi, news: SchoolNews): Promise<void> {
  const as = news.staffRoles.length ? `as ${rolesText(news.staffRoles)}` : 'as a student';
  const lines = [
    `Hello ${news.name},`,
    '',
    `${news.by} added you to ${news.schoolName} on Opportunity Kit ${as}.`,
    '',
    ...(news.setPasswordLink
      ? [
          'Choose your password here to start:',
          news.setPasswordLink,
          '',
          `The link works once and expires in ${INVITATION_TTL_SECONDS / 86_400} days. If it has been used or has expired, use Forgot password? on the sign-in page with this address:`,
          `${news.portal}/forgot-password`,
        ]
      : ['Sign in to start:', `${news.portal}/signin`]),
  ];
  await new Messaging(api.client).createEmail({
    messageId: ID.unique(),
    subject: `You were added to ${news.schoolName}`,
    content: lines.join('\n'),
    users: [news.userId],
  });
}

/** Mails a member that their request to join a school was declined, and why. */
export async function mailRequestDeclined(
  api: ServerApi,
  news: Pick<SchoolNews, 'userId' | 'name' | 'schoolName' | 'portal'>,
  reason: string | null,
): Promise<void> {
  await new Messaging(api.client).createEmail({
    messageId: ID.unique(),
    subject: `Your request to join ${news.schoolName}`,
    content: [
      `Hello ${news.name},`,
      '',
      `${news.schoolName} did not confirm your request to join it${reason ? `: ${reason}` : '.'}`,
      '',
      `If you think this is a mistake, talk to your school's office, or ask another school from ${news.portal}/waiting`,
    ].join('\n'),
    users: [news.userId],
  });
}
