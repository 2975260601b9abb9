import { useId, type FormEvent } from 'react';
import { FormError } from '../shared/form-field.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { NewsletterSignupActions, NewsletterSignupState } from './newsletter-signup-model.ts';

/** Props of {@link NewsletterSignupView}: the form's `state` and `actions` (from {@link useNewsletterSignup}), and its heading. @public */
export interface NewsletterSignupViewProps extends WidgetBinding<NewsletterSignupState, NewsletterSignupActions> {
  /** The form's heading; none when the page names the form itself. */
  title?: string | undefined;
}

/**
 * The welcome page's newsletter form: an e-mail input and a Subscribe button. The
 * thank-you text and the request to confirm by mail are announced after the sign-up succeeded
 * (nothing more is sent until the address confirms), "An error occurred" when it failed.
 * @public
 */
export function NewsletterSignupView({ state, actions, title = 'Stay in the loop' }: NewsletterSignupViewProps) {
  const { email, status, message } = state;
  const id = useId();
  const busy = status === 'subscribing';
  const failed = status === 'failed';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.subscribe();
  };
  return (
    <form
      className="ok-newsletter-signup"
      data-state={status}
      onSubmit={submit}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-label={title ? undefined : 'Newsletter'}
    >
      {title ? (
        <h2 className="ok-newsletter-signup__title" id={`${id}-title`}>
          {title}
        </h2>
      ) : null}
      {/* Label, field and button share one row, so the field is wired here rather than stacked in a FormField. */}
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
          onChange={(event) => actions.setEmail(event.target.value)}
        />
        <button className="ok-newsletter-signup__submit" type="submit" disabled={busy}>
          {busy ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      <p className={`ok-newsletter-signup__result${status === 'subscribed' ? ' ok-confirmation' : ''}`} role="status" data-state={status}>
        {failed ? null : message}
      </p>
      {/* A line under the row, like the thank-you, rather than the boxed alert of the longer forms. */}
      <FormError className="ok-newsletter-signup__result" id={`${id}-error`} message={failed ? message : null} />
    </form>
  );
}
