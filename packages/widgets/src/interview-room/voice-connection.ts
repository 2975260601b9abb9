import type { InterviewAgentOverrides } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { AgentMode, ConnectionStatus } from './interview-room-model.ts';

/** What a voice conversation reports while it runs. @public */
export interface VoiceEvents {
  /** The connection's state changed. */
  onStatus(status: ConnectionStatus): void;
  /** The interviewer started speaking or listening. */
  onMode(mode: AgentMode): void;
  /** The conversation ended without the member ending it: `problem` says why when it was not normal. */
  onEnd(problem: string | null): void;
}

/** A voice conversation in progress. @public */
export interface VoiceCall {
  /** The ElevenLabs conversation, for the analysis. */
  readonly conversationId: string | null;
  /** The member ends the conversation; `onEnd` is not called for it. */
  end(): Promise<void>;
}

/** What the `ai` function issued for one voice conversation. @public */
export interface VoiceSessionStart {
  /** The short-lived address of the conversation. */
  signedUrl: string;
  /** This session's interviewer: sent as the conversation's overrides, since the agent is shared. */
  overrides: InterviewAgentOverrides;
}

/** Opens a voice conversation from what the `ai` function issued. @public */
export type VoiceConnector = (start: VoiceSessionStart, events: VoiceEvents) => Promise<VoiceCall>;

/** Why a connection the member did not end was closed, or null when the interviewer ended it normally. */
export function closeProblem(details: { reason: string; message?: string; closeCode?: number; closeReason?: string }): string | null {
  if (details.reason === 'error') return details.closeReason || details.message || MESSAGES.connectionClosed;
  if (details.closeCode !== undefined && details.closeCode !== 1000) return details.closeReason || MESSAGES.connectionClosed;
  return null;
}

/**
 * ElevenLabs through `@elevenlabs/react`. The SDK and its WebRTC dependencies are imported only when
 * a voice interview starts, so they stay out of every other bundle (and out of pages that never
 * start one). The session's prompt and first message go with the conversation's start (the agent's
 * Security settings must allow overriding both); no ElevenLabs key is ever needed here. The room's
 * voice unless its props give another.
 */
export const connectElevenLabs: VoiceConnector = async ({ signedUrl, overrides }, events) => {
  const { Conversation } = await import('@elevenlabs/react');
  let endedByMember = false;
  const conversation = await Conversation.startSession({
    signedUrl,
    connectionType: 'websocket',
    overrides: { agent: { prompt: { prompt: overrides.prompt }, firstMessage: overrides.firstMessage } },
    onStatusChange: ({ status }) => events.onStatus(status),
    onModeChange: ({ mode }) => events.onMode(mode),
    onDisconnect: (details) => {
      if (endedByMember || details.reason === 'user') return;
      events.onEnd(closeProblem(details));
    },
  });
  return {
    conversationId: conversation.getId() || null,
    async end() {
      endedByMember = true;
      await conversation.endSession();
    },
  };
};
