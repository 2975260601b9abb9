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

export interface AgentUpdate {
  prompt: string;
  firstMessage: string;
}

/**
 * The ElevenLabs Agents REST API, with the key in the `xi-api-key` header of server-side calls only:
 * PATCH an agent's prompt and first message, get a signed conversation URL for the browser, and read
 * a conversation and its audio afterwards. Every call is bounded by `timeoutMs`.
 */
export class ElevenLabsClient {
  constructor(
    private readonly config: ElevenLabsConfig,
    private readonly timeoutMs: number,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  /** PATCH /v1/convai/agents/{agentId} with only the fields the interview sets. */
  async updateAgent(agentId: string, update: AgentUpdate): Promise<void> {
    await this.call('PATCH', `/v1/convai/agents/${encodeURIComponent(agentId)}`, {
      conversation_config: { agent: { first_message: update.firstMessage, prompt: { prompt: update.prompt } } },
    });
  }

  /**
   * GET /v1/convai/conversation/get-signed-url: a short-lived URL the browser opens the session with.
   * `include_conversation_id` asks ElevenLabs to name the conversation now, so its audio can later be
   * fetched without trusting an id the browser reports.
   */
  async signedUrl(agentId: string): Promise<{ signedUrl: string; conversationId: string | null }> {
    const query = new URLSearchParams({ agent_id: agentId, include_conversation_id: 'true' });
    const body = (await (await this.call('GET', `/v1/convai/conversation/get-signed-url?${query}`)).json()) as { signed_url?: unknown; conversation_id?: unknown };
    if (typeof body.signed_url !== 'string' || body.signed_url === '') throw aiUnavailable('empty');
    const fromBody = typeof body.conversation_id === 'string' && body.conversation_id !== '' ? body.conversation_id : null;
    return { signedUrl: body.signed_url, conversationId: fromBody ?? conversationIdInUrl(body.signed_url) };
  }

  /** GET /v1/convai/conversations/{id}; undefined when ElevenLabs knows no such conversation. */
  async conversation(conversationId: string): Promise<ConversationFacts | undefined> {
    const response = await this.call('GET', `/v1/convai/conversations/${encodeURIComponent(conversationId)}`, undefined, [404]);
    if (response.status === 404) return undefined;
    const body = (await response.json()) as {
      conversation_id?: unknown;
      agent_id?: unknown;
      status?: unknown;
      metadata?: { start_time_unix_secs?: unknown };
      transcript?: Array<{ role?: unknown; message?: unknown }>;
    };
    const start = body.metadata?.start_time_unix_secs;
    return {
      conversationId: typeof body.conversation_id === 'string' ? body.conversation_id : conversationId,
      agentId: typeof body.agent_id === 'string' ? body.agent_id : '',
      status: typeof body.status === 'string' ? body.status : '',
      startTimeUnixSecs: typeof start === 'number' ? start : undefined,
      transcript: (body.transcript ?? []).flatMap((turn) =>
        (turn.role === 'user' || turn.role === 'agent') && typeof turn.message === 'string' && turn.message.trim() !== ''
          ? [{ role: turn.role, message: turn.message }]
          : [],
      ),
    };
  }

  /** GET /v1/convai/conversations/{id}/audio: the whole conversation as audio (MP3). */
  async audio(conversationId: string): Promise<{ bytes: Uint8Array; mimeType: string }> {
    const response = await this.call('GET', `/v1/convai/conversations/${encodeURIComponent(conversationId)}/audio`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length === 0) throw aiUnavailable('empty');
    const mimeType = response.headers.get('content-type')?.split(';')[0]?.trim() || 'audio/mpeg';
    return { bytes, mimeType: mimeType.startsWith('audio/') ? mimeType : 'audio/mpeg' };
  }

  private async call(method: 'GET' | 'PATCH', path: string, body?: unknown, acceptedStatuses: readonly number[] = []): Promise<Response> {
    let response: Response;
    try {
      response = await this.fetchFn(`${this.config.baseUrl}${path}`, {
        method,
        headers: { 'xi-api-key': this.config.apiKey, accept: '*/*', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (thrown) {
      throw aiUnavailable(isTimeout(thrown) ? 'timeout' : 'failed');
    }
    if (!response.ok && !acceptedStatuses.includes(response.status)) {
      // The body may echo the request; it is not passed on.
      await response.body?.cancel();
      throw aiUnavailable('failed');
    }
    return response;
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
