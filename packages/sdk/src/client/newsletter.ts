import { isEmailAddress } from '../domain/validation.ts';
import type { NewsletterAnswer, NewsletterBody, NewsletterTokenBody } from '../domain/wire/command-payloads.ts';
import type { PortalContext } from './context.ts';
import { invalidInput } from './errors.ts';

/**
 * The newsletter (issue 24): the welcome page's sign-up with double opt-in, and the links its mails
 * carry. No call needs a sign-in; the mailed tokens go in request bodies, never in a path.
 * @public
 */
export interface NewsletterModule {
  /**
   * Signs an address up, signed in or not, and mails it a confirmation link (or, when it is already
   * subscribed, says so by mail). Answers the spec's thank-you and what happens next; every address
   * gets the same answer, so the form never reveals who is on the list.
   */
  subscribe(email: string): Promise<{ message: string }>;
  /** Confirms a subscription with the `token` of the mailed `/newsletter/confirm` link; refused (`invalid-input`) when used, replaced or expired. */
  confirm(token: string): Promise<{ message: string }>;
  /** The one-click unsubscribe of a personal newsletter mail: the `token` of its `/newsletter/unsubscribe` link. */
  unsubscribe(token: string): Promise<{ message: string }>;
  /** Mails the address a one-click unsubscribe link if it is on the list; the answer is the same for every address. */
  requestUnsubscribeLink(email: string): Promise<{ message: string }>;
}

export function createNewsletter(context: Pick<PortalContext, 'command'>): NewsletterModule {
  const checked = (email: string): string => {
    if (!isEmailAddress(email)) throw invalidInput({ email: 'Please enter a valid email address' });
    return email.trim();
  };
  return {
    async subscribe(email) {
      return context.command<NewsletterAnswer>('POST', '/newsletter', { email: checked(email) } satisfies NewsletterBody);
    },
    confirm: (token) => context.command<NewsletterAnswer>('POST', '/newsletter/confirm', { token } satisfies NewsletterTokenBody),
    unsubscribe: (token) => context.command<NewsletterAnswer>('POST', '/newsletter/unsubscribe', { token } satisfies NewsletterTokenBody),
    async requestUnsubscribeLink(email) {
      return context.command<NewsletterAnswer>('POST', '/newsletter/unsubscribe-link', { email: checked(email) } satisfies NewsletterBody);
    },
  };
}
