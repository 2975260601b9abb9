import { afterEach, describe, expect, it, vi } from 'vitest';
import roles from './main.ts';

/** Runs the `roles` entrypoint as Appwrite would for a sign-up event, and collects what it answers and logs. */
async function runSignUpEvent(): Promise<{ status: number | undefined; body: unknown; errors: string[] }> {
  const errors: string[] = [];
  let status: number | undefined;
  let body: unknown;
  await roles({
    req: { bodyText: '{}', headers: { 'x-appwrite-event': 'users.u1.create' }, method: 'POST', path: '/' },
    res: {
      json(value, statusCode) {
        body = value;
        status = statusCode;
        return value;
      },
    },
    log: () => {},
    error: (message) => errors.push(String(message)),
  });
  return { status, body, errors };
}

describe('the roles function without SCHOOL_DOMAIN on a real deployment', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('labels nobody, answers 503 not-configured and logs which variable to set', async () => {
    vi.stubEnv('SCHOOL_DOMAIN', '');
    vi.stubEnv('APPWRITE_FUNCTION_API_ENDPOINT', 'https://fra.cloud.appwrite.io/v1');
    const { status, body, errors } = await runSignUpEvent();
    expect(status).toBe(503);
    expect(body).toMatchObject({ error: { code: 'not-configured' } });
    expect(errors.join('\n')).toContain('u1: no role assigned. SCHOOL_DOMAIN is not set');
  });
});

describe('the roles function’s daily schedule without SCHOOL_DOMAIN on a real deployment', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('removes nothing, since no address is known to be the school’s, and answers 503 not-configured', async () => {
    vi.stubEnv('SCHOOL_DOMAIN', '');
    vi.stubEnv('APPWRITE_FUNCTION_API_ENDPOINT', 'https://fra.cloud.appwrite.io/v1');
    let answer: { status: number | undefined; body: unknown } = { status: undefined, body: undefined };
    await roles({
      req: { bodyText: '', headers: { 'x-appwrite-trigger': 'schedule' }, method: 'POST', path: '/' },
      res: {
        json(value, statusCode) {
          answer = { status: statusCode, body: value };
          return value;
        },
      },
      log: () => {},
      error: () => {},
    });
    expect(answer).toMatchObject({ status: 503, body: { error: { code: 'not-configured' } } });
  });
});
