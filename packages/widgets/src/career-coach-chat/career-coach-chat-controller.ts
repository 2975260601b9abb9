import { batch, computed } from '@preact/signals-react';
import { PortalError, type AiModule, type CoachMessage } from '@opportunity-kit/sdk';
import { createLatestRequest } from '../shared/latest-request.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type { CareerCoachChatActions, CareerCoachChatModel, CareerCoachChatState } from './career-coach-chat-model.ts';

/** The part of the SDK's `ai` module the coach uses. @public */
export type CoachApi = Pick<AiModule, 'askCoach' | 'coachHistory'>;

/** Messages in order, each once: the history may come back after a question asked meanwhile. */
function merge(first: readonly CoachMessage[], second: readonly CoachMessage[]): CoachMessage[] {
  const seen = new Set(first.map((message) => message.id));
  return [...first, ...second.filter((message) => !seen.has(message.id))];
}

const messageOf = (thrown: unknown) => PortalError.from(thrown).message;

/**
 * The career coach's conversation. Nothing loads when it starts: the history loads when the panel
 * first opens (and again after a failure). The history and a question asked meanwhile both land,
 * so neither supersedes the other; only stopping drops their answers.
 */
export function createCareerCoachChatController(ai: CoachApi, model: CareerCoachChatModel): WidgetController<CareerCoachChatState, CareerCoachChatActions> {
  const requests = createLatestRequest();

  async function loadHistory(): Promise<void> {
    const mine = requests.current();
    model.history.value = 'loading';
    try {
      const history = await ai.coachHistory();
      if (!mine.isCurrent()) return;
      batch(() => {
        model.messages.value = merge(history, model.messages.value);
        model.history.value = 'ready';
      });
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.history.value = 'error';
        model.error.value = messageOf(thrown);
      });
    }
  }

  function open(): void {
    model.open.value = true;
    if (model.history.value === 'idle' || model.history.value === 'error') void loadHistory();
  }

  async function send(): Promise<void> {
    const text = model.draft.value.trim();
    if (!text || model.pending.value !== null) return;
    const mine = requests.current();
    batch(() => {
      model.pending.value = text;
      model.draft.value = '';
      model.error.value = null;
    });
    try {
      const reply = await ai.askCoach(text);
      if (!mine.isCurrent()) return;
      batch(() => {
        model.messages.value = merge(model.messages.value, reply.messages);
        model.pending.value = null;
      });
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.pending.value = null;
        // The question comes back to the input, so asking again is one press of Send.
        if (!model.draft.value) model.draft.value = text;
        model.error.value = messageOf(thrown);
      });
    }
  }

  const actions: CareerCoachChatActions = {
    toggle() {
      if (model.open.value) model.open.value = false;
      else open();
    },
    close() {
      model.open.value = false;
    },
    setDraft(text) {
      model.draft.value = text;
    },
    send: () => void send(),
  };

  return {
    state: computed(() => ({
      open: model.open.value,
      history: model.history.value,
      messages: model.messages.value,
      pending: model.pending.value,
      draft: model.draft.value,
      error: model.error.value,
    })),
    actions,
    start() {
      return () => requests.invalidate();
    },
  };
}
