import { createHmac, randomBytes } from 'node:crypto';
import type { Store } from '../store/store.ts';

/** A user's TOTP authenticator (Appwrite keeps at most one per user and type). */
export interface AuthenticatorRecord {
  userId: string;
  secret: string;
  verified: boolean;
}

/**
 * MFA state of users: their TOTP authenticator and their recovery codes (Appwrite's
 * `authenticators` collection and `mfaRecoveryCodes` attribute). Recovery codes are kept as they are
 * shown: Appwrite shows them again (`GET /account/mfa/recovery-codes`), so they cannot be hashed.
 */
export class Authenticators {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _authenticators (
        user_id TEXT PRIMARY KEY REFERENCES _users(id) ON DELETE CASCADE,
        secret TEXT NOT NULL, verified INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE IF NOT EXISTS _mfa_recovery_codes (
        user_id TEXT PRIMARY KEY REFERENCES _users(id) ON DELETE CASCADE, codes TEXT NOT NULL
      );
    `);
  }

  find(userId: string): AuthenticatorRecord | undefined {
    const row = this.store.db.prepare('SELECT secret, verified FROM _authenticators WHERE user_id = ?').get(userId) as
      { secret: string; verified: number } | undefined;
    return row && { userId, secret: row.secret, verified: row.verified === 1 };
  }

  /** Replaces an unverified authenticator with a fresh secret. */
  create(userId: string): AuthenticatorRecord {
    const secret = base32(randomBytes(20));
    this.store.db
      .prepare(
        'INSERT INTO _authenticators (user_id, secret, verified) VALUES (?, ?, 0) ON CONFLICT(user_id) DO UPDATE SET secret = excluded.secret, verified = 0',
      )
      .run(userId, secret);
    return { userId, secret, verified: false };
  }

  markVerified(userId: string): void {
    this.store.db.prepare('UPDATE _authenticators SET verified = 1 WHERE user_id = ?').run(userId);
  }

  delete(userId: string): void {
    this.store.db.prepare('DELETE FROM _authenticators WHERE user_id = ?').run(userId);
  }

  recoveryCodes(userId: string): string[] {
    const row = this.store.db.prepare('SELECT codes FROM _mfa_recovery_codes WHERE user_id = ?').get(userId) as { codes: string } | undefined;
    return row ? (JSON.parse(row.codes) as string[]) : [];
  }

  setRecoveryCodes(userId: string, codes: readonly string[]): void {
    this.store.db
      .prepare('INSERT INTO _mfa_recovery_codes (user_id, codes) VALUES (?, ?) ON CONFLICT(user_id) DO UPDATE SET codes = excluded.codes')
      .run(userId, JSON.stringify(codes));
  }

  /** Uses up one recovery code; false when it is not one of the user's. */
  consumeRecoveryCode(userId: string, code: string): boolean {
    const codes = this.recoveryCodes(userId);
    if (!codes.includes(code)) return false;
    this.setRecoveryCodes(
      userId,
      codes.filter((candidate) => candidate !== code),
    );
    return true;
  }
}

/** Appwrite's `Type::generateBackupCodes()`: six codes of ten characters. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: 6 }, () => randomBytes(5).toString('hex'));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) continue;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP as Appwrite's authenticators use it: SHA-1, 30-second steps, six digits. */
export function totpAt(secret: string, time = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / 30)));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] as number) & 15;
  const code = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return code.toString().padStart(6, '0');
}

/** Appwrite accepts the code of the current step only (no window either side). */
export function totpMatches(secret: string, otp: string): boolean {
  return totpAt(secret) === otp;
}

/** The `otpauth://` URI an authenticator app scans. */
export function provisioningUri(secret: string, label: string, issuer: string): string {
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(label)}?issuer=${encodeURIComponent(issuer)}&secret=${secret}`;
}
