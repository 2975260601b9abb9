import { ID, Messaging } from 'node-appwrite';
import type { ServerApi } from '../../platform/server-client.ts';

export interface ApprovalDecisionMail {
  recruiterId: string;
  recruiterName: string;
  organisation: string;
  status: 'approved' | 'declined';
  reason: string | null;
  /** The school that decided; null for the board (whose approval reaches every school). */
  decidedBy: string | null;
}

/** Tells the recruiter what a school or the board decided, through Messaging to their own account's address. */
export async function mailApprovalDecision(api: ServerApi, mail: ApprovalDecisionMail): Promise<void> {
  const approved = mail.status === 'approved';
  await new Messaging(api.client).createEmail({
    messageId: ID.unique(),
    subject: approved ? 'Your postings are now visible to students' : 'The school declined your employer account',
    content: [
      `Hello ${mail.recruiterName},`,
      '',
      approved
        ? mail.decidedBy
          ? `${mail.decidedBy} approved ${mail.organisation} on Opportunity Kit. Your public postings meant for it are now visible to its students.`
          : `The school board approved ${mail.organisation} on Opportunity Kit. Your public postings are now visible to students of every school.`
        : mail.decidedBy
          ? `${mail.decidedBy} declined ${mail.organisation} on Opportunity Kit, so its students do not see your postings.`
          : `The school board declined ${mail.organisation} on Opportunity Kit, so students do not see your postings.`,
      ...(mail.reason ? ['', `Reason: ${mail.reason}`] : []),
    ].join('\n'),
    users: [mail.recruiterId],
  });
}
