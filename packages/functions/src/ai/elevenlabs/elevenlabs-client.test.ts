import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeMp3, happyProviders, recorded, startFixtureServer, type FixtureServer } from '../../../../../tests/fixtures/ai/fixture-server.ts';
import { CommandError } from '../../commands/command-error.ts';
import { ElevenLabsClient } from './elevenlabs-client.ts';

/** The ElevenLabs adapter against a fixture server: the REST requests it sends and what it reads back. */

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
  it('PATCHes only the agent prompt and first message, with the key in xi-api-key', async () => {
    await client().updateAgent(AGENT, { prompt: 'Interview for Barista.', firstMessage: 'Hi there!' });
    const [sent] = server.requests;
    expect(sent?.method).toBe('PATCH');
    expect(sent?.path).toBe(`/v1/convai/agents/${AGENT}`);
    expect(sent?.headers['xi-api-key']).toBe('test-xi-key');
    expect(sent?.headers['content-type']).toBe('application/json');
    expect(sent?.json()).toEqual({ conversation_config: { agent: { first_message: 'Hi there!', prompt: { prompt: 'Interview for Barista.' } } } });
  });

  it('gets a signed URL for the agent, with the conversation it will be', async () => {
    expect(await client().signedUrl(AGENT)).toEqual({
      signedUrl: recorded<{ signed_url: string }>('elevenlabs-signed-url').signed_url,
      conversationId: 'conv_01practice000000000000001',
    });
    const [sent] = server.requests;
    expect([sent?.method, sent?.path, sent?.query.get('agent_id'), sent?.query.get('include_conversation_id')]).toEqual([
      'GET', '/v1/convai/conversation/get-signed-url', AGENT, 'true',
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
  });

  it('answers undefined for an unknown conversation and unavailable for other failures', async () => {
    server.answer(() => ({ status: 404, json: { detail: { status: 'conversation_not_found', message: 'Conversation not found' } } }));
    expect(await client().conversation('conv_missing')).toBeUndefined();
    server.answer(() => ({ status: 401, json: { detail: { status: 'invalid_api_key', message: 'Invalid API key: test-xi-key' } } }));
    const error = await client().updateAgent(AGENT, { prompt: 'p', firstMessage: 'f' }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CommandError);
    expect((error as CommandError).code).toBe('ai-unavailable');
    expect((error as CommandError).message).not.toContain('test-xi-key');
  });

  it('gives up after the timeout', async () => {
    server.answer(() => ({ json: recorded('elevenlabs-signed-url'), delayMs: 1000 }));
    const error = await client(200).signedUrl(AGENT).catch((thrown: unknown) => thrown);
    expect((error as CommandError).message).toContain('too long');
  });
});
