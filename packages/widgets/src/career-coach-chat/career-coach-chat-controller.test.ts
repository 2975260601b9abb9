import { describe, expect, it } from 'vitest';
import { PortalError, type CoachMessage } from '@opportunity-kit/sdk';
import { fakeAi } from '../testing/fake-ai.ts';
import { createCareerCoachChatController } from './career-coach-chat-controller.ts';
import { createCareerCoachChatModel } from './career-coach-chat-model.ts';

const stored = (id: string, role: CoachMessage['role'] = 'user'): CoachMessage => ({
  id,
  role,
  text: id,
  provider: role === 'coach' ? 'local' : null,
  createdAt: '2026-11-21T10:00:00Z',
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function chat(ai = fakeAi()) {
  const controller = createCareerCoachChatController(ai, createCareerCoachChatModel());
  return { ai, controller, state: () => controller.state.value, actions: controller.actions };
}

describe('coach controller', () => {
  it('keeps a question asked while the history was loading, after the history', async () => {
    const { ai, controller, state, actions } = chat(fakeAi({ history: [stored('old'), stored('old-answer', 'coach')] }));
    controller.start();
    const held = ai.hold('coachHistory');
    actions.toggle();
    actions.setDraft('new question');
    actions.send();
    await settle();
    held.release();
    await settle();
    expect(state().messages.map((message) => message.text.split('\n')[0])).toEqual(['old', 'old-answer', 'new question', 'Here is an idea:']);
  });

  it('loads the history once, and again only after it failed', async () => {
    const { ai, controller, state, actions } = chat();
    controller.start();
    ai.fail('coachHistory', new PortalError('network'));
    actions.toggle();
    await settle();
    expect(state().history).toBe('error');
    actions.close();
    ai.fail('coachHistory', undefined);
    actions.toggle();
    await settle();
    actions.close();
    actions.toggle();
    await settle();
    expect(ai.calls.filter(({ call }) => call === 'coachHistory')).toHaveLength(2);
    expect(state().history).toBe('ready');
  });

  it('ignores answers that arrive after the widget stopped', async () => {
    const { ai, controller, state, actions } = chat();
    const stop = controller.start();
    actions.setDraft('hello');
    const held = ai.hold('askCoach');
    actions.send();
    stop();
    held.release();
    await settle();
    expect(state().messages).toEqual([]);
  });
});
