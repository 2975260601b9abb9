import { signal, type Signal } from '@preact/signals-react';
import type { CoachMessage } from '@opportunity-kit/sdk';
import type { LoadStatus } from '../shared/load-status.ts';

/** Whether the conversation so far is loaded; `idle` until the chat is first opened. @public */
export type CoachHistoryStatus = 'idle' | LoadStatus;

/** The chat's signals: the controller writes them, and its `state` reads them. */
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

/** What the career coach shows: {@link useCareerCoachChat}'s `state`, and {@link CareerCoachChatView}'s. @public */
export interface CareerCoachChatState {
  /** Whether the panel is open. */
  readonly open: boolean;
  /** Whether the conversation so far is loaded (it loads when the panel first opens). */
  readonly history: CoachHistoryStatus;
  /** The conversation, oldest first: the member's questions and the coach's answers. */
  readonly messages: readonly CoachMessage[];
  /** The question on its way to the coach; null when none is. */
  readonly pending: string | null;
  /** The question as typed. */
  readonly draft: string;
  /** Why the conversation could not load or the last question got no answer; null when nothing failed. */
  readonly error: string | null;
}

/** What a person can do with the career coach: {@link useCareerCoachChat}'s `actions`. @public */
export interface CareerCoachChatActions {
  /** Opens the panel (loading the conversation the first time, or after a failure) or closes it. */
  toggle(): void;
  /** Closes the panel. */
  close(): void;
  /** The question as typed changed. */
  setDraft(text: string): void;
  /** Asks the typed question; a blank one, or one while an answer is on its way, is ignored. */
  send(): void;
}
