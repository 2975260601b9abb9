import { signal, type Signal } from '@preact/signals-react';
import type { CoachMessage } from '@opportunity-kit/sdk';
import type { LoadStatus } from '../shared/load-status.ts';

/** Whether the conversation so far is loaded; `idle` until the chat is first opened. @public */
export type CoachHistoryStatus = 'idle' | LoadStatus;

/** The chat's state, as signals: the connected widget renders from it, the controller writes it. */
export interface CareerCoachChatModel {
  open: Signal<boolean>;
  history: Signal<CoachHistoryStatus>;
  messages: Signal<readonly CoachMessage[]>;
  /** The question on its way to the coach, shown until the answer arrives. */
  pending: Signal<string | null>;
  draft: Signal<string>;
  error: Signal<string | null>;
}

export function createCareerCoachChatModel(): CareerCoachChatModel {
  return {
    open: signal(false),
    history: signal<CoachHistoryStatus>('idle'),
    messages: signal<readonly CoachMessage[]>([]),
    pending: signal<string | null>(null),
    draft: signal(''),
    error: signal<string | null>(null),
  };
}
