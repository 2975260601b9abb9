import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES, NEWSLETTER_MESSAGES } from '@opportunity-kit/sdk/domain';
import { NewsletterSignup } from './newsletter-signup.tsx';
import { NewsletterSignupView } from './newsletter-signup-view.tsx';
import type { NewsletterSignupActions, NewsletterSignupState } from './newsletter-signup-model.ts';

const ready: NewsletterSignupState = { email: '', status: 'idle', message: null };

const actions: NewsletterSignupActions = { setEmail: fn(), subscribe: fn() };

const meta = {
  title: 'Welcome/NewsletterSignup',
  component: NewsletterSignupView,
  args: { state: ready, actions },
} satisfies Meta<typeof NewsletterSignupView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Email')).toHaveAttribute('type', 'email');
  },
};

export const Subscribing: Story = {
  args: { state: { ...ready, email: 'ana@example.com', status: 'subscribing' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Subscribing…' })).toBeDisabled();
  },
};

export const Subscribed: Story = {
  args: { state: { ...ready, status: 'subscribed', message: NEWSLETTER_MESSAGES.signedUp } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(NEWSLETTER_MESSAGES.signedUp);
  },
};

export const Failed: Story = {
  args: { state: { ...ready, email: 'ana@example.com', status: 'failed', message: MESSAGES.genericError } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.genericError);
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { state: { ...ready, status: 'subscribed', message: NEWSLETTER_MESSAGES.signedUp } },
};

type ConnectedStory = StoryObj<typeof NewsletterSignup>;

/** What the connected stories share: `NewsletterSignup` gets its own props only, not the view's `state` and `actions`, and only they have controls. */
const connected = {
  parameters: { controls: { include: ['newsletter', 'title'] } },
  render: ({ newsletter, title }) => <NewsletterSignup newsletter={newsletter} title={title} />,
} satisfies ConnectedStory;

/** The connected form: the browser refuses a malformed address, a good one is thanked. */
export const Connected: ConnectedStory = {
  ...connected,
  args: { newsletter: { subscribe: fn(async () => ({ message: NEWSLETTER_MESSAGES.signedUp })) } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email'), 'not-an-address');
    await userEvent.click(canvas.getByRole('button', { name: 'Subscribe' }));
    await expect(args.newsletter.subscribe).not.toHaveBeenCalled();
    await userEvent.clear(canvas.getByLabelText('Email'));
    await userEvent.type(canvas.getByLabelText('Email'), 'ana@example.com{Enter}');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(NEWSLETTER_MESSAGES.signedUp));
    await expect(args.newsletter.subscribe).toHaveBeenCalledWith('ana@example.com');
  },
};

/** The connected form when the service fails. */
export const ConnectedFailure: ConnectedStory = {
  ...connected,
  args: {
    newsletter: {
      subscribe: async () => {
        throw new PortalError('internal');
      },
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Email'), 'ana@example.com{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(MESSAGES.genericError);
  },
};
