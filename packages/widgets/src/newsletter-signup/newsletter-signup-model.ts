import { signal, type Signal } from '@preact/signals-react';

/** Where the sign-up stands: not sent, being sent, done (the thank-you shows), or failed. @public */
export type NewsletterSignupStatus = 'idle' | 'subscribing' | 'subscribed' | 'failed';

/** The newsletter form's state, as signals: the controller writes it, its `state` reads it. */
export interface NewsletterSignupModel {
  email: Signal<string>;
  status: Signal<NewsletterSignupStatus>;
  message: Signal<string | null>;
}

export function createNewsletterSignupModel(): NewsletterSignupModel {
  return { email: signal(''), status: signal<NewsletterSignupStatus>('idle'), message: signal<string | null>(null) };
}

/** What the newsletter form shows: {@link useNewsletterSignup}'s `state`, and {@link NewsletterSignupView}'s. @public */
export interface NewsletterSignupState {
  /** What the e-mail field holds. */
  readonly email: string;
  /** Where the sign-up stands. */
  readonly status: NewsletterSignupStatus;
  /** The outcome to announce: the thank-you or the failure; null before either. */
  readonly message: string | null;
}

/** What a visitor can do with the newsletter form: {@link useNewsletterSignup}'s `actions`. @public */
export interface NewsletterSignupActions {
  /** Records the typed address. */
  setEmail(email: string): void;
  /** Signs the address up. */
  subscribe(): void;
}
