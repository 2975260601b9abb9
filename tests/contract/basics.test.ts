import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Account, AppwriteException, Client } from 'appwrite';
import { itLocal, startTestBackend, type TestBackend } from '../support/backend.ts';
import { ERROR, expectModel } from '../support/models.ts';

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend.close());

/** The status of a request sent with exactly this target (fetch would normalise it). */
function statusOfTarget(target: string): Promise<number> {
  const { hostname, port } = new URL(backend.endpoint);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path: target, method: 'GET' }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('request basics', () => {
  itLocal('answers a path of slashes as a path that is not there, never as a server failure', async () => {
    // Local only: a reverse proxy in front of a real Appwrite decides what it does with such targets.
    const failures = vi.spyOn(console, 'error');
    for (const target of ['//', '///x', '//v1', '//127.0.0.1/v1/health/version']) expect(await statusOfTarget(target)).toBe(404);
    expect(failures).not.toHaveBeenCalled();
    failures.mockRestore();
  });

  it('answers ping with Pong! through the web SDK', async () => {
    const client = new Client().setEndpoint(backend.endpoint).setProject(backend.projectId);
    await expect(client.ping()).resolves.toEqual({ message: 'Pong!' });
  });

  it('answers an unknown project with project_not_found', async () => {
    const client = new Client().setEndpoint(backend.endpoint).setProject('no-such-project');
    const error = await new Account(client).get().catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AppwriteException);
    expect((error as AppwriteException).code).toBe(404);
    expect((error as AppwriteException).type).toBe('project_not_found');
  });

  it('echoes the exact origin with credentials and exposes X-Fallback-Cookies, also on errors', async () => {
    const origin = 'http://localhost:5173'; // a registered web platform
    const preflight = await fetch(`${backend.endpoint}/account`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-appwrite-project,x-fallback-cookies' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-fallback-cookies');

    const failed = await fetch(`${backend.endpoint}/account`, { headers: { origin, 'x-appwrite-project': backend.projectId } });
    expect(failed.status).toBe(401);
    expect(failed.headers.get('access-control-allow-origin')).toBe(origin);
    expect(failed.headers.get('access-control-expose-headers')).toContain('X-Fallback-Cookies');
    const body = (await failed.json()) as Record<string, unknown>;
    expectModel(body, ERROR);
    expect(body.code).toBe(401);
  });

  it('answers an unknown route with general_route_not_found', async () => {
    const response = await fetch(`${backend.endpoint}/no/such/route`, { headers: { 'x-appwrite-project': backend.projectId } });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { type: string }).type).toBe('general_route_not_found');
  });
});
