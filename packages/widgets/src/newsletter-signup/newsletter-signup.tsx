import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createNewsletterSignupController, type NewsletterSignupApi } from './newsletter-signup-controller.ts';
import { createNewsletterSignupModel, type NewsletterSignupActions, type NewsletterSignupState } from './newsletter-signup-model.ts';
import { NewsletterSignupView } from './newsletter-signup-view.tsx';

/** Options of {@link useNewsletterSignup}: the SDK. @public */
export interface NewsletterSignupOptions {
  /** The SDK's `newsletter` module (or anything with its `subscribe`). */
  newsletter: NewsletterSignupApi;
}

/** Props of {@link NewsletterSignup}. @public */
export interface NewsletterSignupProps extends NewsletterSignupOptions {
  /** The form's heading; an empty string for none. */
  title?: string;
}

/**
 * The newsletter sign-up without its markup: the typed address, the sign-up through the SDK, and
 * the thank-you or the failure to announce, for a view of your own.
 * @public
 */
export function useNewsletterSignup(options: NewsletterSignupOptions): WidgetBinding<NewsletterSignupState, NewsletterSignupActions> {
  return useWidgetController(() => createNewsletterSignupController(options.newsletter, createNewsletterSignupModel()));
}

/**
 * The connected newsletter sign-up, for visitors and members alike.
 * @public
 */
export function NewsletterSignup(props: NewsletterSignupProps) {
  const { state, actions } = useNewsletterSignup(props);
  return <NewsletterSignupView state={state} actions={actions} title={props.title} />;
}
