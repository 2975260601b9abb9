import { isEmailAddress } from '../domain/validation.ts';
import type { NewsletterAnswer, NewsletterBody } from '../domain/wire/command-payloads.ts';
import type { PortalContext } from './context.ts';
import { invalidInput } from './errors.ts';

/** The welcome page's newsletter sign-up. @public */
export interface NewsletterModule {
  /**
   * Signs an address up, signed in or not. Answers the spec's thank-you message; a repeat sign-up
   * answers the same, so the form never reveals who is on the list.
   */
  subscribe(email: string): Promise<{ message: string }>;
}

export function createNewsletter(context: Pick<PortalContext, 'command'>): NewsletterModule {
  return {
    async subscribe(email) {
      if (!isEmailAddress(email)) throw invalidInput({ email: 'Please enter a valid email address' });
      return context.command<NewsletterAnswer>('POST', '/newsletter', { email: email.trim() } satisfies NewsletterBody);
    },
  };
}
