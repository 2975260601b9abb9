import { MESSAGES } from './messages.ts';

/** The newsletter's limits (issue 24): double opt-in and its mails. @public */
export const NEWSLETTER_LIMITS = {
  /** Mails (confirmation, "already subscribed", unsubscribe link) one address receives per UTC day, so the form cannot bomb an inbox. */
  mailsPerAddressPerDay: 3,
  /** Days a confirmation link works. */
  confirmationDays: 7,
} as const;

/** The user-facing texts of the newsletter's double opt-in, weekly mail and unsubscribe. @public */
export const NEWSLETTER_MESSAGES = {
  /**
   * The answer to every sign-up, whatever the address's state (the form must not tell who is on the
   * list): the spec's thank-you, word for word, then what happens next.
   */
  signedUp: `${MESSAGES.newsletterThanks} Check your inbox: we sent you a link to confirm your subscription.`,
  confirmed: "You're subscribed. You will receive one e-mail a week with the new public opportunities.",
  confirmationInvalid: 'This confirmation link is not valid. Please use the link from your latest confirmation e-mail.',
  confirmationUsed: 'This confirmation link has already been used or replaced by a newer one. If you are not subscribed yet, please sign up again.',
  confirmationExpired: 'This confirmation link has expired. Please sign up again to receive a new one.',
  unsubscribeLinkSent: 'If this address is on our list, we sent it a link to unsubscribe. Check your inbox.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Please use the link from your latest newsletter e-mail, or ask for a new one.',
  unsubscribed: 'You are unsubscribed: you will no longer receive the newsletter.',
  alreadySubscribedSubject: "You're already subscribed to the Opportunity Kit newsletter",
  confirmSubject: 'Please confirm your newsletter subscription',
  unsubscribeSubject: 'Your link to leave the Opportunity Kit newsletter',
} as const;
