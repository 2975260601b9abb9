import { batch } from '@preact/signals-react';
import { PortalError, type AiModule, type CoachMessage } from '@opportunity-kit/sdk';
import type { CareerCoachChatModel } from './career-coach-chat-model.ts';

/** The part of the SDK's `ai` module the coach uses. @public */
export type CoachApi = Pick<AiModule, 'askCoach' | 'coachHistory'>;

/** What the chat's view can ask for. @public */
export interface CoachActions {
  /** Opens the panel (loading the conversation the first time, or after a failure) or closes it. */
  toggle(): void;
  /** Closes the panel. */
  close(): void;
  /** The question as typed changed. */
  setDraft(text: string): void;
  /** Asks the typed question; a blank one, or one while an answer is on its way, is ignored. */
  send(): void;
}

export interface CareerCoachChatController extends CoachActions {
  open(): Promise<void>;
  toggle(): Promise<void>;
  send(): Promise<void>;
  /** Lets answers reach the model while mounted; returns the function that stops them. */
  start(): () => void;
}

/** Messages in order, each once: the history may come back after a question asked meanwhile. */
function merge(first: readonly CoachMessage[], second: readonly CoachMessage[]): CoachMessage[] {
  const seen = new Set(first.map((message) => message.id));
  return [...first, ...second.filter((message) => !seen.has(message.id))];
}

export function createCareerCoachChatController(ai: CoachApi, model: CareerCoachChatModel): CareerCoachChatController {
  let disposed = false;

  async function loadHistory(): Promise<void> {
    model.history.value = 'loading';
    try {
      const history = await ai.coachHistory();
      if (disposed) return;
      batch(() => {
        model.messages.value = merge(history, model.messages.value);
        model.history.value = 'ready';
      });
    } catch (thrown) {
      if (disposed) return;
      batch(() => {
        model.history.value = 'error';
        model.error.value = PortalError.from(thrown).message;
      });
    }
  }

  async function open(): Promise<void> {
    model.open.value = true;
    // The conversation is loaded when first shown (and again after a failure), not with the page.
    if (model.history.value === 'idle' || model.history.value === 'error') await loadHistory();
  }

  return {
    open,

    async toggle() {
      if (model.open.value) model.open.value = false;
      else await open();
    },

    close() {
      model.open.value = false;
    },

    setDraft(text) {
      model.draft.value = text;
    },

    async send() {
      const text = model.draft.value.trim();
      if (!text || model.pending.value !== null) return;
      batch(() => {
        model.pending.value = text;
        model.draft.value = '';
        model.error.value = null;
      });
      try {
        const reply = await ai.askCoach(text);
        if (disposed) return;
        batch(() => {
          model.messages.value = merge(model.messages.value, reply.messages);
          model.pending.value = null;
        });
      } catch (thrown) {
        if (disposed) return;
        batch(() => {
          model.pending.value = null;
          // The question comes back to the input, so asking again is one press of Send.
          if (!model.draft.value) model.draft.value = text;
          model.error.value = PortalError.from(thrown).message;
        });
      }
    },

    start() {
      disposed = false;
      return () => {
        disposed = true;
      };
    },
  };
}
