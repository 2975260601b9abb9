import { NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES } from '@opportunity-kit/sdk/domain';
import type { JobRow } from './rows.ts';

/**
 * The newsletter's mails, plain text. Every one carries a way out: the personal ones (sent to one
 * address) its one-click unsubscribe link, the weekly one (the same for every reader of the topic, so
 * it can hold nobody's token) the page where a reader asks for their own link. No subject holds text
 * a poster typed: it is what a stranger sees before opening a mail.
 */

export interface NewsletterMail {
  subject: string;
  content: string;
}

const confirmLink = (portal: string, token: string) => `${portal}/newsletter/confirm?token=${encodeURIComponent(token)}`;
export const oneClickUnsubscribeLink = (portal: string, token: string) => `${portal}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
export const unsubscribePage = (portal: string) => `${portal}/newsletter/unsubscribe`;

export function confirmationMail(portal: string, confirmToken: string, unsubscribeToken: string): NewsletterMail {
  return {
    subject: NEWSLETTER_MESSAGES.confirmSubject,
    content: [
      'Someone, hopefully you, asked to receive the Opportunity Kit newsletter at this address: one e-mail a week with the new public opportunities.',
      '',
      `To confirm your subscription, open this link within ${NEWSLETTER_LIMITS.confirmationDays} days:`,
      confirmLink(portal, confirmToken),
      '',
      'If you did not ask for it, ignore this e-mail: nothing more will be sent to you.',
      '',
      'To take this address off the list now (no sign-in needed):',
      oneClickUnsubscribeLink(portal, unsubscribeToken),
    ].join('\n'),
  };
}

export function alreadySubscribedMail(portal: string, unsubscribeToken: string): NewsletterMail {
  return {
    subject: NEWSLETTER_MESSAGES.alreadySubscribedSubject,
    content: [
      "Someone asked to subscribe this address to the Opportunity Kit newsletter again. You're already subscribed: nothing has changed, and you keep receiving one e-mail a week with the new public opportunities.",
      '',
      'To stop receiving the newsletter, open this link (no sign-in needed):',
      oneClickUnsubscribeLink(portal, unsubscribeToken),
    ].join('\n'),
  };
}

export function unsubscribeLinkMail(portal: string, unsubscribeToken: string): NewsletterMail {
  return {
    subject: NEWSLETTER_MESSAGES.unsubscribeSubject,
    content: [
      'Someone asked for a link to take this address off the Opportunity Kit newsletter.',
      '',
      'To unsubscribe, open this link (no sign-in needed):',
      oneClickUnsubscribeLink(portal, unsubscribeToken),
      '',
      'If you did not ask for it, ignore this e-mail: nothing changes.',
    ].join('\n'),
  };
}

/** The weekly mail: each new public posting on its line with its link (`total` counts those left out too), then the way out. */
export function weeklyMail(portal: string, postings: readonly JobRow[], total: number): NewsletterMail {
  return {
    subject: total === 1 ? 'This week on Opportunity Kit: 1 new opportunity' : `This week on Opportunity Kit: ${total} new opportunities`,
    content: [
      'New opportunities since our last newsletter:',
      '',
      ...postings.map((job) => `- ${job.title}, ${job.company} (${job.postingType}, ${job.location})\n  ${portal}/job/${job.$id}`),
      ...(total > postings.length ? [`…and ${total - postings.length} more: ${portal}/welcome`] : []),
      '',
      'You receive this e-mail because you subscribed to the Opportunity Kit newsletter.',
      'To unsubscribe, open this page and enter your address; we will e-mail you a one-click link:',
      unsubscribePage(portal),
    ].join('\n'),
  };
}
