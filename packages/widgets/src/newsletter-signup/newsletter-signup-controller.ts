import { batch } from '@preact/signals-react';
import { isPortalError, type NewsletterModule } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { NewsletterSignupModel } from './newsletter-signup-model.ts';

/** What the newsletter form needs of the SDK. @public */
export type NewsletterSignupApi = Pick<NewsletterModule, 'subscribe'>;

export interface NewsletterSignupController {
  setEmail(email: string): void;
  subscribe(): Promise<void>;
}

export function createNewsletterSignupController(api: NewsletterSignupApi, model: NewsletterSignupModel): NewsletterSignupController {
  return {
    setEmail(email) {
      model.email.value = email;
    },

    async subscribe() {
      if (model.state.value === 'subscribing') return;
      batch(() => {
        model.state.value = 'subscribing';
        model.message.value = null;
      });
      try {
        await api.subscribe(model.email.value);
        batch(() => {
          model.state.value = 'subscribed';
          model.message.value = MESSAGES.newsletterThanks;
          model.email.value = '';
        });
      } catch (error) {
        batch(() => {
          model.state.value = 'failed';
          // A mistyped address, or too many sign-ups from one network, is worth saying; any other failure gets the spec's text.
          model.message.value = isPortalError(error, 'invalid-input') || isPortalError(error, 'rate-limited') ? error.message : MESSAGES.genericError;
        });
      }
    },
  };
}
