import { formatHours } from '@opportunity-kit/sdk/domain';
import { ID, Messaging, MessagingProviderType } from 'node-appwrite';
import type { ServerApi } from '../../platform/server-client.ts';

/** What the supervisor's mail says: who logged what, and the link that confirms or disputes it. */
export interface SupervisorMail {
  studentId: string;
  studentName: string;
  supervisorName: string;
  supervisorEmail: string;
  organisation: string;
  date: string;
  hours: number;
  link: string;
  expiresAt: string;
}

/**
 * Mails the supervisor through Appwrite Messaging. Appwrite delivers only to targets, and a target
 * belongs to a user; supervisors have no account, so the mail goes through a short-lived e-mail
 * target on the student's own user (the student typed the address, so it tells them nothing). The
 * target stays: Appwrite resolves targets when its worker sends, after this call has answered.
 */
export async function mailSupervisor(api: ServerApi, mail: SupervisorMail): Promise<void> {
  const targetId = ID.unique();
  await api.users.createTarget({ userId: mail.studentId, targetId, providerType: MessagingProviderType.Email, identifier: mail.supervisorEmail });
  await new Messaging(api.client).createEmail({ messageId: ID.unique(), subject: subjectOf(mail), content: textOf(mail), targets: [targetId] });
}

const subjectOf = (mail: SupervisorMail): string => `Please confirm ${mail.studentName}'s volunteer hours`;

/** Plain text: it reads the same on a phone as on a desktop, and the link is the only thing to tap. */
function textOf(mail: SupervisorMail): string {
  return [
    `Hello ${mail.supervisorName},`,
    '',
    `${mail.studentName} logged ${formatHours(mail.hours)} of community involvement at ${mail.organisation} on ${mail.date} and named you as their supervisor.`,
    '',
    'Please confirm or dispute these hours here (no account needed):',
    mail.link,
    '',
    `The link works once and expires on ${mail.expiresAt.slice(0, 10)}. If you do not know this student, please dispute the hours.`,
  ].join('\n');
}
