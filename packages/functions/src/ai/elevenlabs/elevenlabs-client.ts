import { ElevenLabsClient as ElevenLabsSdk, ElevenLabsError, ElevenLabsTimeoutError } from '@elevenlabs/elevenlabs-js';
import { aiUnavailable, isTimeout } from '../ai-errors.ts';
import type { ElevenLabsConfig } from '../settings.ts';

/** What the interview needs of a finished conversation. */
export interface ConversationFacts {
  conversationId: string;
  agentId: string;
  status: string;
  /** Seconds since the epoch; undefined when ElevenLabs does not say. */
  startTimeUnixSecs: number | undefined;
  transcript: Array<{ role: 'user' | 'agent'; message: string }>;
}

/** The options of one SDK call: its time limit, no retries, and the deadline that also bounds reading the body. */
interface CallOptions {
  timeoutInSeconds: number;
  maxRetries: number;
  abortSignal: AbortSignal;
}

/**
 * ElevenLabs Agents through its server SDK (`@elevenlabs/elevenlabs-js`), with the key only ever in
 * this process: a signed conversation URL for the browser, and afterwards a conversation and its
 * audio. No agent is ever changed: each interview's prompt and first message travel as overrides of
 * that one conversation (the browser sends them when it opens the signed URL), so students who start
 * at the same moment on the same shared agent cannot overwrite each other's interviewer.
 *
 * Each call is bounded by `timeoutMs`, body included, and never retried: a retry would multiply the
 * time a synchronous execution waits.
 */
export class ElevenLabsClient {
  private readonly sdk: ElevenLabsSdk;

  constructor(
    config: ElevenLabsConfig,
    private readonly timeoutMs: number,
    fetchFn?: typeof fetch,
  ) {
    this.sdk = new ElevenLabsSdk({
      apiKey: config.apiKey,
      baseUrl: config.baseUrl,
      maxRetries: 0,
      timeoutInSeconds: timeoutMs / 1000,
      ...(fetchFn ? { fetch: fetchFn } : {}),
    });
  }

  /**
   * A short-lived URL the browser opens the conversation with. `includeConversationId` asks
   * ElevenLabs to name the conversation now, so its audio can later be fetched without trusting an
   * id the browser reports.
   */
  async signedUrl(agentId: string): Promise<{ signedUrl: string; conversationId: string | null }> {
    const answer = await this.call((options) => this.sdk.conversationalAi.conversations.getSignedUrl({ agentId, includeConversationId: true }, options));
    if (typeof answer.signedUrl !== 'string' || answer.signedUrl === '') throw aiUnavailable('empty');
    // The SDK's model names only the URL; the conversation id arrives beside it, as sent.
    const sent = (answer as { conversation_id?: unknown }).conversation_id;
    const fromBody = typeof sent === 'string' && sent !== '' ? sent : null;
    return { signedUrl: answer.signedUrl, conversationId: fromBody ?? conversationIdInUrl(answer.signedUrl) };
  }

  /** A conversation; undefined when ElevenLabs knows no such conversation. */
  async conversation(conversationId: string): Promise<ConversationFacts | undefined> {
    const found = await this.call((options) => this.sdk.conversationalAi.conversations.get(conversationId, {}, options), [404]);
    if (!found) return undefined;
    return {
      conversationId: found.conversationId || conversationId,
      agentId: found.agentId,
      status: found.status,
      startTimeUnixSecs: typeof found.metadata?.startTimeUnixSecs === 'number' ? found.metadata.startTimeUnixSecs : undefined,
      transcript: found.transcript.flatMap((turn) =>
        (turn.role === 'user' || turn.role === 'agent') && typeof turn.message === 'string' && turn.message.trim() !== ''
          ? [{ role: turn.role, message: turn.message }]
          : [],
      ),
    };
  }

  /** The whole conversation as audio (MP3). */
  async audio(conversationId: string): Promise<{ bytes: Uint8Array; mimeType: string }> {
    const { bytes, contentType } = await this.call(async (options) => {
      const { data, rawResponse } = await this.sdk.conversationalAi.conversations.audio.get(conversationId, options).withRawResponse();
      // Read inside the call, so the deadline also bounds the body.
      return { bytes: new Uint8Array(await new Response(data).arrayBuffer()), contentType: rawResponse.headers.get('content-type') };
    });
    if (bytes.length === 0) throw aiUnavailable('empty');
    const mimeType = contentType?.split(';')[0]?.trim() || 'audio/mpeg';
    return { bytes, mimeType: mimeType.startsWith('audio/') ? mimeType : 'audio/mpeg' };
  }

  /**
   * Runs one SDK call. A status in `absentStatuses` answers undefined; any other failure becomes
   * `ai-unavailable` without the provider's text (its errors may echo the request, key included).
   */
  private async call<T>(request: (options: CallOptions) => Promise<T>): Promise<T>;
  private async call<T>(request: (options: CallOptions) => Promise<T>, absentStatuses: readonly number[]): Promise<T | undefined>;
  private async call<T>(request: (options: CallOptions) => Promise<T>, absentStatuses: readonly number[] = []): Promise<T | undefined> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    try {
      return await request({ timeoutInSeconds: this.timeoutMs / 1000, maxRetries: 0, abortSignal: deadline });
    } catch (thrown) {
      if (thrown instanceof ElevenLabsTimeoutError || deadline.aborted || isTimeout(thrown)) throw aiUnavailable('timeout');
      if (thrown instanceof ElevenLabsError && thrown.statusCode !== undefined && absentStatuses.includes(thrown.statusCode)) return undefined;
      throw aiUnavailable('failed');
    }
  }
}

/** Some signed URLs carry the conversation id as a query parameter instead. */
function conversationIdInUrl(signedUrl: string): string | null {
  try {
    return new URL(signedUrl).searchParams.get('conversation_id');
  } catch {
    return null;
  }
}
