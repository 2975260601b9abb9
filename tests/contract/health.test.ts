import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeLocal, startTestBackend, type TestBackend } from '../support/backend.ts';

/**
 * Appwrite's Health service (issue 22) through raw HTTP with the API key (node-appwrite 27 has no Health
 * service): its models, its `threshold` refusal (503), and what it says of this server.
 */

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend.close();
});

async function health(path: string, query: Record<string, string> = {}, withKey = true): Promise<{ status: number; body: Record<string, unknown> }> {
  const search = new URLSearchParams(query);
  const response = await fetch(`${backend.endpoint}/health${path}${search.size ? `?${search}` : ''}`, {
    headers: { 'x-appwrite-project': backend.projectId, ...(withKey ? { 'x-appwrite-key': backend.apiKey } : {}) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('health', () => {
  it('answers the HTTP, storage and local storage checks as HealthStatus', async () => {
    for (const path of ['', '/storage', '/storage/local']) {
      const { status, body } = await health(path);
      expect(status).toBe(200);
      expect(body).toMatchObject({ status: 'pass', ping: expect.any(Number) as number });
      expect(body.ping).toBeLessThan(100);
    }
  });

  it('answers the database, cache and pub/sub checks as a HealthStatus list', async () => {
    for (const path of ['/db', '/cache', '/pubsub']) {
      const { status, body } = await health(path);
      expect(status).toBe(200);
      expect(body.total).toBe(1);
      expect((body.statuses as unknown[])[0]).toMatchObject({ name: expect.any(String) as string, status: 'pass', ping: expect.any(Number) as number });
    }
  });

  it('answers each queue with its size, and 503 once the size reaches the threshold', async () => {
    for (const queue of ['builds', 'functions', 'mails', 'webhooks', 'databases', 'stats-usage', 'logs']) {
      const { status, body } = await health(`/queue/${queue}`);
      expect(status).toBe(200);
      expect(body).toEqual({ size: expect.any(Number) as number });
    }
    const refused = await health('/queue/functions', { threshold: '0' });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({
      type: 'health_queue_size_exceeded',
      message: 'Queue jobs threshold hit. Current value is 0 and threshold is 0.',
    });
    expect((await health('/queue/failed/v1-functions')).body).toEqual({ size: 0 });
    expect((await health('/queue/failed/v1-nothing')).status).toBe(400);
  });

  it('refuses a certificate check of a domain that is not public, and callers without a key', async () => {
    expect((await health('/certificate', { domain: 'localhost' })).status).toBe(400);
    expect((await health('/certificate', { domain: '' })).status).toBe(400);
    const guest = await health('', {}, false);
    expect(guest).toMatchObject({ status: 401, body: { type: 'general_unauthorized_scope' } });
  });
});

// Local only: what the answer says is this server's own (no antivirus runs; Appwrite's depends on its ClamAV).
describeLocal('health of the local backend', () => {
  it('reports its antivirus as disabled', async () => {
    expect(await health('/anti-virus')).toEqual({ status: 200, body: { version: '', status: 'disabled' } });
  });
});
