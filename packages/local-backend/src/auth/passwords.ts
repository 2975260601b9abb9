import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// scrypt parameters kept modest: this server backs development and tests, where sign-ups are frequent.
const KEY_LENGTH = 32;
const COST = { N: 4096, r: 8, p: 1 };

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const hash = scryptSync(password, salt, KEY_LENGTH, COST);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, COST);
  return timingSafeEqual(expected, actual);
}
