import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { geminiPath, recorded, startFixtureServer, type FixtureServer } from '../../../../../tests/fixtures/ai/fixture-server.ts';
import { CommandError } from '../../platform/command-error.ts';
import { GeminiClient } from './gemini-client.ts';

/**
 * The Gemini adapter through the real `@google/genai` SDK against a fixture server: the REST request
 * it sends (model path, key header, parts with inline data, system instruction) and how recorded
 * answers map to text or typed errors.
 */

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const client = (timeoutMs = 5000) => new GeminiClient({ apiKey: 'test-gemini-key', model: 'gemini-2.5-flash', baseUrl: server.url }, timeoutMs);
const pdfBase64 = Buffer.from('%PDF-1.7 resume bytes').toString('base64');
const request = {
  system: 'You review resumes.',
  contents: [{ role: 'user', parts: [{ text: 'Review this.' }, { inlineData: { mimeType: 'application/pdf', data: pdfBase64 } }] }],
};

async function refusal(work: Promise<unknown>): Promise<CommandError> {
  const thrown = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(CommandError);
  return thrown as CommandError;
}

describe('GeminiClient', () => {
  it('sends the model, the key, the prompt and the file as inline data, and answers the text', async () => {
    server.answer(() => ({ json: recorded('gemini-generate-ok') }));
    const text = await client().generate(request);
    expect(text).toContain('**Customer service**');
    expect(server.requests).toHaveLength(1);
    const sent = server.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe(geminiPath('gemini-2.5-flash'));
    expect(sent.headers['x-goog-api-key']).toBe('test-gemini-key');
    expect(sent.json()).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'Review this.' }, { inlineData: { mimeType: 'application/pdf', data: pdfBase64 } }] }],
      systemInstruction: { parts: [{ text: 'You review resumes.' }] },
    });
  });

  it('turns a blocked prompt into "Response was blocked due to …"', async () => {
    server.answer(() => ({ json: recorded('gemini-prompt-blocked') }));
    const error = await refusal(client().generate(request));
    expect([error.code, error.status, error.message]).toEqual(['ai-blocked', 422, 'Response was blocked due to SAFETY']);
  });

  it('turns a withheld candidate into "Candidate was blocked due to …"', async () => {
    for (const [fixture, reason] of [
      ['gemini-candidate-safety', 'SAFETY'],
      ['gemini-candidate-recitation', 'RECITATION'],
    ] as const) {
      server.answer(() => ({ json: recorded(fixture) }));
      const error = await refusal(client().generate(request));
      expect([error.code, error.message]).toEqual(['ai-blocked', `Candidate was blocked due to ${reason}`]);
    }
  });

  it('reports a failing provider as unavailable, without its error text', async () => {
    server.answer(() => ({ status: 500, json: recorded('gemini-error-internal') }));
    const error = await refusal(client().generate(request));
    expect(error.code).toBe('ai-unavailable');
    expect(error.message).not.toContain('internal error');
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after the timeout', async () => {
    server.answer(() => ({ json: recorded('gemini-generate-ok'), delayMs: 1500 }));
    const started = Date.now();
    const error = await refusal(client(300).generate(request));
    expect(error.code).toBe('ai-unavailable');
    expect(error.message).toContain('too long');
    expect(Date.now() - started).toBeLessThan(1400);
  });
});
