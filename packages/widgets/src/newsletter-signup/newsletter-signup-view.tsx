import { useId, type FormEvent } from 'react';
import type { NewsletterSignupState } from './newsletter-signup-model.ts';

/** Props of {@link NewsletterSignupView}. @public */
export interface NewsletterSignupViewProps {
  /** What the e-mail field holds. */
  email: string;
  /** Where the sign-up stands. */
  state: NewsletterSignupState;
  /** The outcome to announce: the thank-you or the failure; null before either. */
  message: string | null;
  /** The form's heading; none when the page names the form itself. */
  title?: string;
  /** The e-mail field changed. */
  onEmail: (email: string) => void;
  /** Subscribe was pressed (or the form submitted). */
  onSubscribe: () => void;
}

/**
 * The welcome page's newsletter form: an e-mail input and a Subscribe button. The
 * thank-you text is announced after the sign-up succeeded, "An error occurred" when it failed.
 * @public
 */
export function NewsletterSignupView({ email, state, message, title = 'Stay in the loop', onEmail, onSubscribe }: NewsletterSignupViewProps) {
  const id = useId();
  const busy = state === 'subscribing';
  const failed = state === 'failed';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubscribe();
  };
  return (
    <form
      className="ok-newsletter-signup"
      data-state={state}
      onSubmit={submit}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-label={title ? undefined : 'Newsletter'}
    >
      {title ? (
        <h2 className="ok-newsletter-signup__title" id={`${id}-title`}>
          {title}
        </h2>
      ) : null}
      <div className="ok-newsletter-signup__row">
        <label className="ok-newsletter-signup__label" htmlFor={`${id}-email`}>
          Email
        </label>
        <input
          className="ok-newsletter-signup__input ok-text-input"
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed && message ? `${id}-error` : undefined}
          onChange={(event) => onEmail(event.target.value)}
        />
        <button className="ok-newsletter-signup__submit" type="submit" disabled={busy}>
          {busy ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      <p className="ok-newsletter-signup__result" role="status" data-state={state}>
        {failed ? null : message}
      </p>
      {failed && message ? (
        <p className="ok-newsletter-signup__result" id={`${id}-error`} role="alert" data-state={state}>
          {message}
        </p>
      ) : null}
    </form>
  );
}
