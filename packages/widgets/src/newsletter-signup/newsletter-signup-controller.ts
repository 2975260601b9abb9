import { batch, computed } from '@preact/signals-react';
import { isPortalError, type NewsletterModule } from '@opportunity-kit/sdk';
import { MESSAGES, NEWSLETTER_MESSAGES } from '@opportunity-kit/sdk/domain';
import { createLatestRequest } from '../shared/latest-request.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type { NewsletterSignupActions, NewsletterSignupModel, NewsletterSignupState } from './newsletter-signup-model.ts';

/** What the newsletter form needs of the SDK. @public */
export type NewsletterSignupApi = Pick<NewsletterModule, 'subscribe'>;

/** Signs an address up; nothing to load when it starts. */
export function createNewsletterSignupController(
  api: NewsletterSignupApi,
  model: NewsletterSignupModel,
): WidgetController<NewsletterSignupState, NewsletterSignupActions> {
  const signups = createLatestRequest();

  async function subscribe(): Promise<void> {
    if (model.status.value === 'subscribing') return;
    batch(() => {
      model.status.value = 'subscribing';
      model.message.value = null;
    });
    const mine = signups.current();
    try {
      await api.subscribe(model.email.value);
      if (!mine.isCurrent()) return;
      batch(() => {
        model.status.value = 'subscribed';
        model.message.value = NEWSLETTER_MESSAGES.signedUp;
        model.email.value = '';
      });
    } catch (error) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.status.value = 'failed';
        // A mistyped address, or too many sign-ups from one network, is worth saying; any other failure gets the spec's text.
        model.message.value = isPortalError(error, 'invalid-input') || isPortalError(error, 'rate-limited') ? error.message : MESSAGES.genericError;
      });
    }
  }

  const actions: NewsletterSignupActions = {
    setEmail(email) {
      model.email.value = email;
    },
    subscribe: () => void subscribe(),
  };

  return {
    state: computed(() => ({ email: model.email.value, status: model.status.value, message: model.message.value })),
    actions,
    start() {
      // Nothing loads; stopping drops a sign-up's answer, so a form that is gone does not update.
      return () => signups.invalidate();
    },
  };
}
