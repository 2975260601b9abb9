import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMp3, happyProviders, recorded, startFixtureServer, type FixtureServer } from '../../../../../tests/fixtures/ai/fixture-server.ts';
import { CommandError } from '../../platform/command-error.ts';
import { ElevenLabsClient } from './elevenlabs-client.ts';

/**
 * The ElevenLabs adapter, through the `@elevenlabs/elevenlabs-js` SDK pointed at a fixture server
 * that answers with recorded shapes: the requests the SDK sends and what the adapter reads back.
 */

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer(happyProviders());
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.answer(happyProviders());
});

const client = (timeoutMs = 5000) => new ElevenLabsClient({ apiKey: 'test-xi-key', agentIds: ['agent_a'], baseUrl: server.url }, timeoutMs);
const AGENT = 'agent_01interviewer0000000001';

describe('ElevenLabsClient', () => {
  it('gets a signed URL for the agent, with the conversation it will be, and changes no agent', async () => {
    expect(await client().signedUrl(AGENT)).toEqual({
      signedUrl: recorded<{ signed_url: string }>('elevenlabs-signed-url').signed_url,
      conversationId: 'conv_01practice000000000000001',
    });
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect([sent?.method, sent?.path, sent?.query.get('agent_id'), sent?.query.get('include_conversation_id')]).toEqual([
      'GET',
      '/v1/convai/conversation/get-signed-url',
      AGENT,
      'true',
    ]);
    expect(sent?.headers['xi-api-key']).toBe('test-xi-key');
  });

  it('answers no conversation id when ElevenLabs names none', async () => {
    server.answer(() => ({ json: recorded('elevenlabs-signed-url-without-id') }));
    expect((await client().signedUrl(AGENT)).conversationId).toBeNull();
  });

  it('reads a conversation and its audio', async () => {
    const facts = await client().conversation('conv_01practice000000000000001');
    expect(facts).toMatchObject({ agentId: AGENT, status: 'done', startTimeUnixSecs: 1760000000 });
    expect(facts?.transcript.map((turn) => turn.role)).toEqual(['agent', 'user', 'agent', 'user', 'agent']);
    const audio = await client().audio('conv_01practice000000000000001');
    expect(audio).toEqual({ bytes: fakeMp3(), mimeType: 'audio/mpeg' });
    expect(server.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v1/convai/conversations/conv_01practice000000000000001',
      'GET /v1/convai/conversations/conv_01practice000000000000001/audio',
    ]);
    expect(server.requests.every((request) => request.headers['xi-api-key'] === 'test-xi-key')).toBe(true);
  });

  it("answers undefined for an unknown conversation and unavailable for other failures, without the provider's text", async () => {
    server.answer(() => ({ status: 404, json: { detail: { status: 'conversation_not_found', message: 'Conversation not found' } } }));
    expect(await client().conversation('conv_missing')).toBeUndefined();
    server.answer(() => ({ status: 401, json: { detail: { status: 'invalid_api_key', message: 'Invalid API key: test-xi-key' } } }));
    const error = await client()
      .signedUrl(AGENT)
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CommandError);
    expect((error as CommandError).code).toBe('ai-unavailable');
    expect((error as CommandError).message).not.toContain('test-xi-key');
  });

  it('never retries: a failing call costs one request, so a synchronous route stays within its limit', async () => {
    server.answer(() => ({ status: 503, json: { detail: 'busy' } }));
    const error = await client()
      .signedUrl(AGENT)
      .catch((thrown: unknown) => thrown);
    expect((error as CommandError).code).toBe('ai-unavailable');
    expect(server.requests).toHaveLength(1);
  });

  it('gives up after the timeout, for the answer and for a slow body alike', async () => {
    server.answer(() => ({ json: recorded('elevenlabs-signed-url'), delayMs: 1000 }));
    const started = Date.now();
    const error = await client(200)
      .signedUrl(AGENT)
      .catch((thrown: unknown) => thrown);
    expect((error as CommandError).message).toContain('too long');
    expect(Date.now() - started).toBeLessThan(900);
    server.answer(() => ({ body: fakeMp3(), contentType: 'audio/mpeg', delayMs: 1000 }));
    const slowAudio = await client(200)
      .audio('conv_01practice000000000000001')
      .catch((thrown: unknown) => thrown);
    expect((slowAudio as CommandError).message).toContain('too long');
  });
});
