import { ID, Messaging } from 'node-appwrite';
import type { ServerApi } from '../../platform/server-client.ts';

/** How long an invitation link works: long enough for a class to get to it over a week of lessons. */
export const INVITATION_TTL_SECONDS = 7 * 24 * 3600;

/** The one-time login secret's length; Appwrite allows up to 128 characters, and a mailed link needs no short code. */
const INVITATION_SECRET_LENGTH = 64;

export interface Invitation {
  userId: string;
  name: string;
  teacherName: string;
  portal: string;
}

/**
 * Mails a new student the link that signs them in once and lets them choose a password. The link
 * carries an Appwrite custom token (`users.createToken`), which the portal's /set-password page trades
 * for a session with `account.createSession`; the mail goes through Messaging to the user's own
 * address (`users`), so no target has to be made for it.
 */
export async function mailInvitation(api: ServerApi, invitation: Invitation): Promise<void> {
  const link = await setPasswordLink(api, invitation.userId, invitation.portal);
  await new Messaging(api.client).createEmail({
    messageId: ID.unique(),
    subject: 'Your school account on Opportunity Kit',
    content: invitationText(invitation, link),
    users: [invitation.userId],
  });
}

/**
 * A link that signs the account in once and lets it choose a password (`/set-password`), valid for
 * {@link INVITATION_TTL_SECONDS}: for a student a roster made, or staff a school added.
 */
export async function setPasswordLink(api: ServerApi, userId: string, portal: string): Promise<string> {
  const token = await api.users.createToken({ userId, length: INVITATION_SECRET_LENGTH, expire: INVITATION_TTL_SECONDS });
  return `${portal}/set-password?${new URLSearchParams({ userId, secret: token.secret }).toString()}`;
}

/**
 * Plain text: it reads the same on a phone as on a desktop. The invitation link comes first; the
 * "Forgot password?" page's link after it is the way in once the invitation was used or has expired
 * (issue 21, item 24), since a student who set a password and forgot it, or never used the link, would
 * otherwise be stuck.
 */
function invitationText(invitation: Invitation, link: string): string {
  return [
    `Hello ${invitation.name},`,
    '',
    `${invitation.teacherName} created your Opportunity Kit account with your school address, so you can find jobs, volunteering and co-op placements and apply to them.`,
    '',
    'Choose your password here to start:',
    link,
    '',
    `The link works once and expires in ${INVITATION_TTL_SECONDS / 86_400} days. If it has been used or has expired, use Forgot password? on the sign-in page with your school address, or ask your teacher to send a new invitation:`,
    `${invitation.portal}/forgot-password`,
  ].join('\n');
}
