import { containsWebAddress, formatHours, fromQuarterHours, TABLES } from '@opportunity-kit/sdk/domain';
import { ID, Messaging } from 'node-appwrite';
import { hasStatus } from '../../platform/appwrite-errors.ts';
import { portalOrigin } from '../../platform/portal-url.ts';
import { mailRecipient } from '../../portal/mail-recipients.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { decideTogether } from '../../portal/atomic-writes.ts';
import { confirmationOf, type IssuedToken } from './confirmation-token.ts';
import { hoursSettings } from './hours-settings.ts';
import { anyEntry, type ServiceHoursRow } from './hours-rows.ts';

/** Why the supervisor is mailed: a new entry, an entry the student changed, or a new link asked for. */
export type MailReason = 'new' | 'changed' | 'resent';

/** What the supervisor's mail says: who logged what, and the link that confirms or disputes it. */
export interface SupervisorMail {
  schoolName: string;
  studentName: string;
  supervisorName: string;
  organisation: string;
  date: string;
  hours: number;
  link: string;
  expiresAt: string;
  reason: MailReason;
}

/**
 * Mails the supervisor through Appwrite Messaging, to the one target kept for their address (or as the
 * user whose address it is: `mailRecipient`), never through the student's own user.
 */
async function mailSupervisor(api: ServerApi, supervisorEmail: string, mail: SupervisorMail): Promise<void> {
  await new Messaging(api.client).createEmail({
    messageId: ID.unique(),
    subject: subjectOf(mail),
    content: textOf(mail),
    ...(await mailRecipient(api, supervisorEmail)),
  });
}

/**
 * The subject holds nothing a student typed (their name, the organisation): it is what a stranger
 * sees before opening the mail, and what a phisher would most like to write.
 */
const subjectOf = (mail: SupervisorMail): string => `Please confirm a student’s community involvement hours (${mail.schoolName})`;

const OPENINGS: Record<MailReason, (mail: SupervisorMail) => string> = {
  new: (mail) => `${mail.studentName} logged these community involvement hours and named you as their supervisor:`,
  changed: (mail) => `${mail.studentName} changed the hours they asked you to confirm. The earlier link no longer works; the hours are now:`,
  resent: (mail) => `${mail.studentName} asked us to send you a new link for these hours (any earlier link no longer works):`,
};

/**
 * Plain text: it reads the same on a phone as on a desktop, and the link is the only thing to tap (so
 * the portal's address is not written out: the link shows it).
 */
export function textOf(mail: SupervisorMail): string {
  return [
    `Hello ${mail.supervisorName},`,
    '',
    `This message comes from ${mail.schoolName}, which records its students’ community involvement hours with Opportunity Kit.`,
    '',
    OPENINGS[mail.reason](mail),
    '',
    `  Organisation: ${mail.organisation}`,
    `  Date: ${mail.date}`,
    `  Hours: ${formatHours(mail.hours)}`,
    '',
    'Please confirm or dispute these hours here (no account needed):',
    mail.link,
    '',
    `The link works once and expires on ${mail.expiresAt.slice(0, 10)}. If you do not know this student, please dispute the hours.`,
    `${mail.schoolName} never asks for a password or any other details in this e-mail.`,
  ].join('\n');
}

/**
 * Mails the link an entry is owed, then records it sent, answering the entry as it now is (undefined
 * if it was withdrawn meanwhile). `entry` holds the facts the link was issued for. When the mail
 * fails, the entry keeps saying its mail is owed and the student's "Resend to supervisor" sends it:
 * the entry is saved either way, so the command answers it rather than an error.
 */
export async function sendOwedMail(api: ServerApi, entry: ServiceHoursRow, issued: IssuedToken, reason: MailReason): Promise<ServiceHoursRow | undefined> {
  const portal = portalOrigin();
  const link = `${portal}/hours/confirm/${encodeURIComponent(entry.$id)}?token=${encodeURIComponent(issued.token)}`;
  try {
    await mailSupervisor(api, entry.supervisorEmail, {
      schoolName: hoursSettings().schoolName,
      // The account's name is the student's own text: one with a link in it is replaced by the school address.
      studentName: entry.studentName && !containsWebAddress(entry.studentName) ? entry.studentName : entry.studentEmail,
      supervisorName: entry.supervisorName,
      organisation: entry.organisation,
      date: entry.date,
      hours: fromQuarterHours(entry.quarterHours),
      link,
      expiresAt: issued.expiresAt,
      reason,
    });
  } catch {
    return anyEntry(api, entry.$id);
  }
  return markMailed(api, entry.$id, issued);
}

/** Clears the entry's owed mail, unless a newer link was issued meanwhile (that one is still owed). */
async function markMailed(api: ServerApi, entryId: string, issued: IssuedToken): Promise<ServiceHoursRow | undefined> {
  const marked = decideTogether(api, [{ tableId: TABLES.serviceHours, rowId: entryId }], async () => {
    const [row, confirmation] = await Promise.all([anyEntry(api, entryId), confirmationOf(api, entryId)]);
    if (!row || !row.supervisorMailOwedSince || confirmation?.tokenHash !== issued.tokenHash) return { writes: [], answer: row };
    return {
      writes: [{ action: 'update', tableId: TABLES.serviceHours, rowId: entryId, data: { supervisorMailOwedSince: null } }],
      answer: { ...row, supervisorMailOwedSince: null },
    };
  });
  // Withdrawn between the mail and now: nothing is owed any more.
  return marked.catch((thrown: unknown) => {
    if (hasStatus(thrown, 404)) return undefined;
    throw thrown;
  });
}
