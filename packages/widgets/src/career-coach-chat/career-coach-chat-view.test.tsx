import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { PortalError, type CoachMessage } from '@opportunity-kit/sdk';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { fakeAi } from '../testing/fake-ai.ts';
import { CareerCoachChat } from './career-coach-chat.tsx';
import { CareerCoachChatView, type CareerCoachChatViewProps } from './career-coach-chat-view.tsx';
import type { CareerCoachChatState } from './career-coach-chat-model.ts';

const coachSays = (text: string, provider: 'gemini' | 'local' = 'gemini'): CoachMessage => ({
  id: text,
  role: 'coach',
  text,
  provider,
  createdAt: '2026-11-21T10:00:00Z',
});
const userSays = (text: string): CoachMessage => ({ id: text, role: 'user', text, provider: null, createdAt: '2026-11-21T10:00:00Z' });

const ready: CareerCoachChatState = { open: true, history: 'ready', messages: [], pending: null, draft: '', error: null };

function viewProps(state: Partial<CareerCoachChatState> = {}): CareerCoachChatViewProps {
  return { state: { ...ready, ...state }, actions: { toggle: vi.fn(), close: vi.fn(), setDraft: vi.fn(), send: vi.fn() } };
}

describe('CareerCoachChatView', () => {
  it("renders the coach's markdown as text: strong spans and bullet lists, never HTML", () => {
    render(<CareerCoachChatView {...viewProps({ messages: [userSays('Any tips?'), coachSays('Try **these**:\n- <b>Gigs</b>\n- Volunteering')] })} />);
    const log = screen.getByRole('log');
    expect(within(log).getByText('these').tagName).toBe('STRONG');
    expect(
      within(log)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['<b>Gigs</b>', 'Volunteering']);
    expect(log.querySelector('b')).toBeNull();
    expect(within(log).getByText('Answered by Gemini')).toBeTruthy();
  });

  it("puts no provider jargon under the portal's own answers (issue 25)", () => {
    render(<CareerCoachChatView {...viewProps({ messages: [coachSays('Hello', 'local')] })} />);
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(screen.queryByText(/provider|Answered by/)).toBeNull();
  });

  it('is hidden until opened, with its title, placeholder, Send and close button', () => {
    const { rerender } = render(<CareerCoachChatView {...viewProps({ open: false })} />);
    expect(screen.queryByRole('region')).toBeNull();
    expect(screen.getByRole('button', { name: 'Career coach' }).getAttribute('aria-expanded')).toBe('false');
    rerender(<CareerCoachChatView {...viewProps()} />);
    const panel = screen.getByRole('region', { name: MESSAGES.coachTitle });
    expect(within(panel).getByPlaceholderText(MESSAGES.coachPlaceholder)).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Close the career coach' })).toBeTruthy();
  });

  it('has no axe violations, closed and open', async () => {
    const { container, rerender } = render(<CareerCoachChatView {...viewProps({ open: false })} />);
    await expectNoAxeViolations(container);
    rerender(<CareerCoachChatView {...viewProps({ messages: [userSays('Hi'), coachSays('Hello!')], pending: 'And?', error: 'Too many requests.' })} />);
    await expectNoAxeViolations(container);
  });
});

describe('CareerCoachChat', () => {
  it('loads the conversation on open, moves focus in, and back to the toggle on Escape', async () => {
    const user = userEvent.setup();
    const ai = fakeAi({ provider: 'gemini', history: [userSays('Earlier question'), coachSays('Earlier answer')] });
    render(<CareerCoachChat ai={ai} />);
    expect(ai.calls).toEqual([]);
    const toggle = screen.getByRole('button', { name: 'Career coach' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByPlaceholderText(MESSAGES.coachPlaceholder));
    await screen.findByText('Earlier answer');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });

  it('sends a question and shows the answer; a blank question sends nothing', async () => {
    const user = userEvent.setup();
    const ai = fakeAi({ provider: 'local' });
    render(<CareerCoachChat ai={ai} />);
    await user.click(screen.getByRole('button', { name: 'Career coach' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(ai.calls.filter(({ call }) => call === 'askCoach')).toEqual([]);
    await user.type(screen.getByPlaceholderText(MESSAGES.coachPlaceholder), 'summer jobs{Enter}');
    const log = screen.getByRole('log');
    await within(log).findByText('Gig');
    expect(within(log).getByText('summer jobs')).toBeTruthy();
    expect(within(log).queryByText(/Answered by/)).toBeNull();
    expect((screen.getByPlaceholderText(MESSAGES.coachPlaceholder) as HTMLInputElement).value).toBe('');
  });

  it('shows why a question failed and gives it back to the input', async () => {
    const user = userEvent.setup();
    const ai = fakeAi();
    ai.fail('askCoach', new PortalError('rate-limited', "Today's coach allowance is used up."));
    render(<CareerCoachChat ai={ai} />);
    await user.click(screen.getByRole('button', { name: 'Career coach' }));
    await user.type(screen.getByPlaceholderText(MESSAGES.coachPlaceholder), 'hello{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe("Today's coach allowance is used up."));
    expect((screen.getByPlaceholderText(MESSAGES.coachPlaceholder) as HTMLInputElement).value).toBe('hello');
    expect(within(screen.getByRole('log')).queryByText('hello')).toBeNull();
  });

  it('closes with the close button and returns focus to the toggle', async () => {
    const user = userEvent.setup();
    render(<CareerCoachChat ai={fakeAi()} />);
    const toggle = screen.getByRole('button', { name: 'Career coach' });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Close the career coach' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});
