import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { CoachMessage } from '@opportunity-kit/sdk';
import { fakeAi } from '../testing/fake-ai.ts';
import { CareerCoachChat } from './career-coach-chat.tsx';
import { CareerCoachChatView } from './career-coach-chat-view.tsx';
import type { CareerCoachChatActions, CareerCoachChatState } from './career-coach-chat-model.ts';

const at = '2026-11-21T10:00:00Z';
const conversation: CoachMessage[] = [
  { id: 'q1', role: 'user', text: 'How do I find a weekend job near Oakville?', provider: null, createdAt: at },
  {
    id: 'a1',
    role: 'coach',
    provider: 'gemini',
    createdAt: at,
    text: 'Good question! **Three postings** match weekends in Oakville:\n- **Barista** at Bean There Cafe\n- Dog walker at Paws\n- Library helper\n\nOpen one and choose **Apply To Opportunity**.',
  },
  { id: 'q2', role: 'user', text: 'Can you check my resume?', provider: null, createdAt: at },
  {
    id: 'a2',
    role: 'coach',
    provider: 'local',
    createdAt: at,
    text: 'Use **Review Resume for this Position** on a posting: it compares your PDF with that job.',
  },
];

const ready: CareerCoachChatState = { open: true, history: 'ready', messages: conversation, pending: null, draft: '', error: null };

const actions: CareerCoachChatActions = { toggle: fn(), close: fn(), setDraft: fn(), send: fn() };

const meta = {
  title: 'Home/CareerCoachChat',
  component: CareerCoachChatView,
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ minHeight: '40rem' }}>
        <Story />
      </div>
    ),
  ],
  args: { state: ready, actions },
} satisfies Meta<typeof CareerCoachChatView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Conversation: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const log = canvas.getByRole('log');
    await expect(within(log).getByText('Three postings').tagName).toBe('STRONG');
    await expect(within(log).getByText('Answered by Gemini')).toBeVisible();
    await expect(within(log).getAllByText(/Answered by/)).toHaveLength(1);
    await userEvent.type(canvas.getByPlaceholderText(MESSAGES.coachPlaceholder), 'a');
    await expect(args.actions.setDraft).toHaveBeenCalledWith('a');
    await userEvent.keyboard('{Escape}');
    await expect(args.actions.close).toHaveBeenCalled();
  },
};

export const Closed: Story = {
  args: { state: { ...ready, open: false } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByRole('region')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Career coach' }));
    await expect(args.actions.toggle).toHaveBeenCalled();
  },
};

export const LoadingHistory: Story = {
  args: { state: { ...ready, history: 'loading', messages: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeVisible();
  },
};

export const Empty: Story = {
  args: { state: { ...ready, messages: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ask about opportunities, applications, interviews or your resume.')).toBeVisible();
  },
};

export const Thinking: Story = {
  args: { state: { ...ready, messages: conversation.slice(0, 2), pending: 'What should I wear to an interview?' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('The coach is writing an answer...')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

export const Failed: Story = {
  args: {
    state: { ...ready, messages: conversation.slice(0, 2), draft: 'What should I wear?', error: 'Too many requests. Please wait a moment and try again.' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Too many requests');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** The connected chat over an in-memory `ai` module: history on open, a question and its answer. */
export const Connected: StoryObj<typeof CareerCoachChat> = {
  // Its one prop is the `ai` stand-in made here, with a history the chat adds to: no controls, and none of the view's.
  parameters: { controls: { disable: true } },
  render: () => <CareerCoachChat ai={fakeAi({ provider: 'gemini', history: conversation.slice(0, 2) })} />,
  play: async ({ canvas, userEvent }) => {
    const toggle = canvas.getByRole('button', { name: 'Career coach' });
    await userEvent.click(toggle);
    await expect(canvas.getByPlaceholderText(MESSAGES.coachPlaceholder)).toHaveFocus();
    await canvas.findByText('Dog walker at Paws');
    await userEvent.type(canvas.getByPlaceholderText(MESSAGES.coachPlaceholder), 'volunteering hours{Enter}');
    await waitFor(() => expect(canvas.getByText('volunteering hours')).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await expect(toggle).toHaveFocus();
  },
};
