import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { createNewsletterSignupController, type NewsletterSignupApi } from './newsletter-signup-controller.ts';
import { createNewsletterSignupModel } from './newsletter-signup-model.ts';
import { NewsletterSignupView } from './newsletter-signup-view.tsx';

/** Props of {@link NewsletterSignup}. @public */
export interface NewsletterSignupProps {
  /** The SDK's `newsletter` module (or anything with its `subscribe`). */
  newsletter: NewsletterSignupApi;
  /** The form's heading; an empty string for none. */
  title?: string;
}

/**
 * The connected newsletter sign-up, for visitors and members alike.
 * @public
 */
export function NewsletterSignup({ newsletter, title }: NewsletterSignupProps) {
  useSignals();
  const [model] = useState(createNewsletterSignupModel);
  const [controller] = useState(() => createNewsletterSignupController(newsletter, model));
  return (
    <NewsletterSignupView
      email={model.email.value}
      state={model.state.value}
      message={model.message.value}
      title={title}
      onEmail={controller.setEmail}
      onSubscribe={() => void controller.subscribe()}
    />
  );
}
