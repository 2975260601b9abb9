import { GoogleGenAI, type Content, type GenerateContentResponse } from '@google/genai';
import { candidateBlockedMessage, responseBlockedMessage } from '@opportunity-kit/sdk/domain';
import { aiBlocked, aiUnavailable, isTimeout } from '../ai-errors.ts';
import type { GeminiConfig } from '../settings.ts';

export type { Content, Part } from '@google/genai';

/** One call: standing instructions, and the conversation with the newest user turn last. */
export interface GeminiRequest {
  system: string;
  contents: Content[];
}

/** Finish reasons that mean the answer was withheld, as the spec's "Candidate was blocked due to …". */
const BLOCKING_FINISH_REASONS = new Set([
  'SAFETY',
  'RECITATION',
  'LANGUAGE',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
]);

/**
 * Gemini through `@google/genai` (REST `models/{model}:generateContent`): text plus inline file data
 * in, text out. Blocks become `ai-blocked` with the spec's messages; failures and timeouts become
 * `ai-unavailable`, so callers never see the provider's own error text (which may quote the request).
 */
export class GeminiClient {
  private readonly client: GoogleGenAI;

  constructor(
    private readonly config: GeminiConfig,
    private readonly timeoutMs: number,
    fetchFn?: typeof fetch,
  ) {
    this.client = new GoogleGenAI({
      apiKey: config.apiKey,
      httpOptions: { ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}), timeout: timeoutMs, ...(fetchFn ? { fetch: fetchFn } : {}) },
    });
  }

  get model(): string {
    return this.config.model;
  }

  async generate(request: GeminiRequest): Promise<string> {
    let response: GenerateContentResponse;
    try {
      response = await this.client.models.generateContent({
        model: this.config.model,
        contents: request.contents,
        config: { systemInstruction: request.system, temperature: 0.4, abortSignal: AbortSignal.timeout(this.timeoutMs) },
      });
    } catch (thrown) {
      throw aiUnavailable(isTimeout(thrown) ? 'timeout' : 'failed');
    }
    return answerText(response);
  }
}

/** The answer's text, or the refusal the response stands for. */
export function answerText(response: Pick<GenerateContentResponse, 'candidates' | 'promptFeedback'>): string {
  const candidate = response.candidates?.[0];
  if (!candidate) {
    const feedback = response.promptFeedback;
    // No candidate at all, with feedback: the prompt itself was refused.
    if (feedback) throw aiBlocked(responseBlockedMessage(feedback.blockReason, feedback.blockReasonMessage));
    throw aiUnavailable('empty');
  }
  if (candidate.finishReason && BLOCKING_FINISH_REASONS.has(candidate.finishReason)) {
    throw aiBlocked(candidateBlockedMessage(candidate.finishReason));
  }
  // Thought summaries are not part of the answer.
  const text = (candidate.content?.parts ?? [])
    .filter((part) => typeof part.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('')
    .trim();
  if (text === '') throw aiUnavailable('empty');
  return text;
}
