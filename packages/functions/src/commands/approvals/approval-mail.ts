import { ID, Messaging } from 'node-appwrite';
import type { ServerApi } from '../../platform/server-client.ts';

export interface ApprovalDecisionMail {
  recruiterId: string;
  recruiterName: string;
  organisation: string;
  status: 'approved' | 'declined';
  reason: string | null;
}

/** Tells the recruiter what the school decided, through Messaging to their own account's address. */
export async function mailApprovalDecision(api: ServerApi, mail: ApprovalDecisionMail): Promise<void> {
  const approved = mail.status === 'approved';
  await new Messaging(api.client).createEmail({
    messageId: ID.unique(),
    subject: approved ? 'Your postings are now visible to students' : 'The school declined your employer account',
    content: [
      `Hello ${mail.recruiterName},`,
      '',
      approved
        ? `A teacher approved ${mail.organisation} on Opportunity Kit. Your public postings are now visible to students.`
        : `A teacher declined ${mail.organisation} on Opportunity Kit, so students do not see your postings.`,
      ...(mail.reason ? ['', `Reason: ${mail.reason}`] : []),
    ].join('\n'),
    users: [mail.recruiterId],
  });
}
