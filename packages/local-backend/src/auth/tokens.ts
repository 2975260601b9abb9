import { createHmac, createHash, timingSafeEqual } from 'node:crypto';

/** Appwrite's session token: base64 of `{"id": userId, "secret": sessionSecret}` (utopia-php/auth Store). */
export function encodeSessionToken(userId: string, secret: string): string {
  return Buffer.from(JSON.stringify({ id: userId, secret })).toString('base64');
}

export function decodeSessionToken(token: string): { id: string; secret: string } | undefined {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    if (typeof decoded !== 'object' || decoded === null) return undefined;
    const { id, secret } = decoded as Record<string, unknown>;
    return typeof id === 'string' && typeof secret === 'string' ? { id, secret } : undefined;
  } catch {
    return undefined;
  }
}

/** Secrets are stored hashed, so a copy of the database does not hand out live sessions. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

/** A compact HS256 JWT, enough for the `{userId, sessionId}` tokens Appwrite hands out. */
export function signJwt(payload: Record<string, unknown>, secret: string, ttlSeconds: number): string {
  const header = base64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }));
  const body = base64url(JSON.stringify({ ...payload, exp: Math.floor(Date.now() / 1000) + ttlSeconds }));
  const signature = base64url(createHmac('sha256', secret).update(`${header}.${body}`).digest());
  return `${header}.${body}.${signature}`;
}

export function verifyJwt(token: string, secret: string): Record<string, unknown> | undefined {
  const [header, body, signature] = token.split('.');
  if (!header || !body || !signature) return undefined;
  const expected = createHmac('sha256', secret).update(`${header}.${body}`).digest();
  const actual = Buffer.from(signature, 'base64url');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) return undefined;
    return payload;
  } catch {
    return undefined;
  }
}
