import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES, NEWSLETTER_MESSAGES } from '@opportunity-kit/sdk/domain';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { NewsletterSignup } from './newsletter-signup.tsx';
import type { NewsletterSignupApi } from './newsletter-signup-controller.ts';
import { NewsletterSignupView } from './newsletter-signup-view.tsx';
import type { NewsletterSignupActions, NewsletterSignupState } from './newsletter-signup-model.ts';

const ready: NewsletterSignupState = { email: '', status: 'idle', message: null };

function someActions(): NewsletterSignupActions {
  return { setEmail: vi.fn(), subscribe: vi.fn() };
}

describe('NewsletterSignupView', () => {
  it('has an e-mail input of type email and a Subscribe button', async () => {
    const { container } = render(<NewsletterSignupView state={ready} actions={someActions()} />);
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Stay in the loop' })).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('names the form for assistive technology when it has no heading', () => {
    render(<NewsletterSignupView state={{ ...ready, status: 'subscribing' }} actions={someActions()} title="" />);
    expect(screen.getByRole('form', { name: 'Newsletter' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Subscribing…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('NewsletterSignup', () => {
  it('thanks the subscriber with the spec text, asks to confirm by mail and clears the input', async () => {
    const user = userEvent.setup();
    const subscribe = vi.fn<NewsletterSignupApi['subscribe']>(async () => ({ message: 'anything the server says' }));
    render(<NewsletterSignup newsletter={{ subscribe }} />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(NEWSLETTER_MESSAGES.signedUp));
    expect(subscribe).toHaveBeenCalledWith('ana@example.com');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('says "An error occurred" when the sign-up fails, and keeps the address', async () => {
    const user = userEvent.setup();
    const subscribe = async () => {
      throw new PortalError('internal');
    };
    render(<NewsletterSignup newsletter={{ subscribe }} />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.genericError));
    expect(screen.getByRole('status').textContent).toBe('');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@example.com');
  });

  it('says why when the server refuses too many sign-ups', async () => {
    const user = userEvent.setup();
    const why = 'Too many newsletter sign-ups from your network. Please try again in an hour.';
    const subscribe = async () => {
      throw new PortalError('rate-limited', why, { status: 429 });
    };
    render(<NewsletterSignup newsletter={{ subscribe }} />);
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(why));
  });
});
