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

describe('coach controller', () => {
  it('keeps a question asked while the history was loading, after the history', async () => {
    const ai = fakeAi({ history: [stored('old'), stored('old-answer', 'coach')] });
    const model = createCareerCoachChatModel();
    const controller = createCareerCoachChatController(ai, model);
    controller.start();
    const held = ai.hold('coachHistory');
    const opening = controller.open();
    controller.setDraft('new question');
    await controller.send();
    held.release();
    await opening;
    expect(model.messages.value.map((message) => message.text.split('\n')[0])).toEqual(['old', 'old-answer', 'new question', 'Here is an idea:']);
  });

  it('loads the history once, and again only after it failed', async () => {
    const ai = fakeAi();
    const model = createCareerCoachChatModel();
    const controller = createCareerCoachChatController(ai, model);
    controller.start();
    ai.fail('coachHistory', new PortalError('network'));
    await controller.open();
    expect(model.history.value).toBe('error');
    controller.close();
    ai.fail('coachHistory', undefined);
    await controller.open();
    controller.close();
    await controller.open();
    expect(ai.calls.filter(({ call }) => call === 'coachHistory')).toHaveLength(2);
    expect(model.history.value).toBe('ready');
  });

  it('ignores answers that arrive after the widget stopped', async () => {
    const ai = fakeAi();
    const model = createCareerCoachChatModel();
    const controller = createCareerCoachChatController(ai, model);
    const stop = controller.start();
    controller.setDraft('hello');
    const held = ai.hold('askCoach');
    const sending = controller.send();
    stop();
    held.release();
    await sending;
    expect(model.messages.value).toEqual([]);
  });
});
