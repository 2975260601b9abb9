import { signal, type Signal } from '@preact/signals-react';

/** Where the sign-up stands: not sent, being sent, done (the thank-you shows), or failed. @public */
export type NewsletterSignupState = 'idle' | 'subscribing' | 'subscribed' | 'failed';

/** The newsletter form's state, as signals. */
export interface NewsletterSignupModel {
  email: Signal<string>;
  state: Signal<NewsletterSignupState>;
  message: Signal<string | null>;
}

export function createNewsletterSignupModel(): NewsletterSignupModel {
  return { email: signal(''), state: signal<NewsletterSignupState>('idle'), message: signal<string | null>(null) };
}
