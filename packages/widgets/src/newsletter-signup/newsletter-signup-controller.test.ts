import { describe, expect, it, vi } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { NEWSLETTER_MESSAGES } from '@opportunity-kit/sdk/domain';
import { createNewsletterSignupController, type NewsletterSignupApi } from './newsletter-signup-controller.ts';
import { createNewsletterSignupModel } from './newsletter-signup-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function signup(api: NewsletterSignupApi) {
  const controller = createNewsletterSignupController(api, createNewsletterSignupModel());
  const stop = controller.start();
  return { actions: controller.actions, state: () => controller.state.value, stop };
}

describe('newsletter signup controller', () => {
  it('signs the typed address up, thanks with the spec text, asks to confirm by mail and empties the field', async () => {
    const subscribe = vi.fn<NewsletterSignupApi['subscribe']>(async () => ({ message: 'anything the server says' }));
    const { actions, state } = signup({ subscribe });
    actions.setEmail('ana@example.com');
    actions.subscribe();
    expect(state().status).toBe('subscribing');
    await settle();
    expect(subscribe).toHaveBeenCalledWith('ana@example.com');
    expect(state()).toEqual({ email: '', status: 'subscribed', message: NEWSLETTER_MESSAGES.signedUp });
  });

  it('says why a mistyped address was refused, and keeps it', async () => {
    const { actions, state } = signup({
      subscribe: async () => {
        throw new PortalError('invalid-input', 'Please enter a valid email address');
      },
    });
    actions.setEmail('ana@');
    actions.subscribe();
    await settle();
    expect(state()).toEqual({ email: 'ana@', status: 'failed', message: 'Please enter a valid email address' });
  });

  it('drops an answer that arrives after it stopped', async () => {
    let answer: () => void = () => undefined;
    const { actions, state, stop } = signup({
      subscribe: () =>
        new Promise((resolve) => {
          answer = () => resolve({ message: 'ok' });
        }),
    });
    actions.setEmail('ana@example.com');
    actions.subscribe();
    stop();
    answer();
    await settle();
    expect(state().status).toBe('subscribing');
  });
});
