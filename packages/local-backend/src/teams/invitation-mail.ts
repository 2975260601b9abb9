import type { UserRecord } from '../auth/accounts.ts';
import type { MembershipRecord, TeamRecord } from '../auth/team-store.ts';
import type { Services } from '../services.ts';

export interface Invitation {
  team: TeamRecord;
  membership: MembershipRecord;
  invitee: UserRecord;
  /** The inviting owner's name (Appwrite's `{{owner}}`). */
  inviter: string;
  /** The invitation secret in clear; only its hash is stored. */
  secret: string;
  /** The app's page the link opens (a registered web platform). */
  url: URL;
}

/**
 * The link Appwrite mails: the app's `url` with `membershipId`, `userId`, `secret`, `teamId` and
 * `teamName` added to its query (a fragment such as `#title` stays at the end). The app sends the
 * pair back with `PATCH /teams/{teamId}/memberships/{membershipId}/status`.
 */
export function invitationLink(invitation: Invitation): string {
  const link = new URL(invitation.url);
  link.searchParams.set('membershipId', invitation.membership.id);
  link.searchParams.set('userId', invitation.invitee.id);
  link.searchParams.set('secret', invitation.secret);
  link.searchParams.set('teamId', invitation.team.id);
  link.searchParams.set('teamName', invitation.team.name);
  return link.toString();
}

/** Mails the invitation to the development outbox, in the words of Appwrite's English template. */
export function sendInvitation(services: Services, invitation: Invitation): void {
  const link = invitationLink(invitation);
  const team = invitation.team.name;
  const project = services.projectName;
  const user = invitation.invitee.name || invitation.invitee.email;
  services.outbox.send({
    to: invitation.invitee.email,
    subject: `Invitation to ${team} Team at ${project}`,
    text: [
      `Hello ${user},`,
      '',
      `This mail was sent to you because ${invitation.inviter} invited you to become a member of the ${team} team at ${project}.`,
      '',
      `Accept invite to ${team}: ${link}`,
      '',
      'If you are not interested, you can ignore this message.',
      '',
      'Thanks,',
      `${project} team`,
    ].join('\n'),
    links: [link],
  });
}
