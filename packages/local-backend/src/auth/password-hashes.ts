import { createCipheriv, createHash, randomBytes, scrypt as scryptCallback, scryptSync, timingSafeEqual } from 'node:crypto';
import { argon2id, argon2Verify, bcryptVerify } from 'hash-wasm';

/**
 * The password hashes Appwrite keeps and accepts (the User model's `hash`): its own, Argon2id, and
 * the algorithms of `POST /users/{algorithm}`, so that a board moving from another system keeps its
 * members' passwords. Each is verified the way utopia-php/auth verifies it; a sign-in with any but
 * the default re-hashes the password with the default, as Appwrite does.
 */
export type HashAlgorithm = 'argon2' | 'bcrypt' | 'md5' | 'sha' | 'phpass' | 'scrypt' | 'scryptMod';

export interface StoredPassword {
  /** The hash as Appwrite shows it in the User model's `password` (an encoded string, hex or base64). */
  hash: string;
  algorithm: HashAlgorithm;
  /** The User model's `hashOptions`, `type` included. */
  options: Record<string, unknown>;
}

/**
 * Appwrite's long-standing Argon2 options (`memoryCost` 2048 KiB, `timeCost` 4, `threads` 3): cheap
 * enough for a development server that signs people in all day, and what the User model reports.
 */
const ARGON2 = { memoryCost: 2048, timeCost: 4, threads: 3 } as const;
export const DEFAULT_HASH_OPTIONS: Readonly<Record<string, unknown>> = { type: 'argon2', ...ARGON2 };

/** The SHA versions `POST /users/sha` accepts, as Node names them. */
export const SHA_VERSIONS: Readonly<Record<string, string>> = {
  sha1: 'sha1',
  sha224: 'sha224',
  sha256: 'sha256',
  sha384: 'sha384',
  'sha512/224': 'sha512-224',
  'sha512/256': 'sha512-256',
  sha512: 'sha512',
  'sha3-224': 'sha3-224',
  'sha3-256': 'sha3-256',
  'sha3-384': 'sha3-384',
  'sha3-512': 'sha3-512',
};

/** Hashes a new password with Appwrite's default algorithm. */
export async function hashPassword(password: string): Promise<StoredPassword> {
  const hash = await argon2id({
    password,
    salt: randomBytes(16),
    parallelism: ARGON2.threads,
    iterations: ARGON2.timeCost,
    memorySize: ARGON2.memoryCost,
    hashLength: 32,
    outputType: 'encoded',
  });
  return { hash, algorithm: 'argon2', options: { ...DEFAULT_HASH_OPTIONS } };
}

/** True when `password` matches `stored`; a malformed hash or unknown algorithm matches nothing. */
export async function verifyPassword(password: string, stored: StoredPassword): Promise<boolean> {
  try {
    switch (stored.algorithm) {
      case 'argon2':
        return stored.hash.startsWith('$argon2') ? await argon2Verify({ password, hash: stored.hash }) : verifyLegacyScrypt(password, stored.hash);
      case 'bcrypt':
        return await bcryptVerify({ password, hash: stored.hash.replace(/^\$2y\$/, '$2b$') });
      case 'md5':
        return sameText(createHash('md5').update(password).digest('hex'), stored.hash);
      case 'sha': {
        const version = SHA_VERSIONS[String(stored.options.version ?? 'sha256')];
        return version !== undefined && sameText(createHash(version).update(password).digest('hex'), stored.hash);
      }
      case 'phpass':
        return verifyPhpass(password, stored.hash);
      case 'scrypt':
        return sameText((await scryptHex(password, stored.options)).toString('hex'), stored.hash);
      case 'scryptMod':
        return sameText(await scryptModified(password, stored.options), stored.hash);
    }
  } catch {
    return false;
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function numberOption(options: Record<string, unknown>, name: string, fallback: number): number {
  const value = options[name];
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

/** php-scrypt's `scrypt($password, $salt, N, r, p, length)`: the salt is used as its text, the answer is hex. */
function scryptHex(password: string, options: Record<string, unknown>): Promise<Buffer> {
  const N = numberOption(options, 'costCpu', 8);
  const r = numberOption(options, 'costMemory', 14);
  const p = numberOption(options, 'costParallel', 1);
  const length = numberOption(options, 'length', 64);
  return new Promise((resolve, reject) => {
    scryptCallback(password, String(options.salt ?? ''), length, { N, r, p, maxmem: 256 * N * r * p + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/**
 * Firebase's modified scrypt (`scryptMod`): scrypt(N 16384, r 8, p 1) of the password with salt +
 * separator, whose first 32 bytes key AES-256-CTR (zero IV) over the signer key; base64 of that.
 */
async function scryptModified(password: string, options: Record<string, unknown>): Promise<string> {
  const salt = Buffer.concat([Buffer.from(String(options.salt ?? ''), 'base64'), Buffer.from(String(options.saltSeparator ?? ''), 'base64')]);
  const derived = await new Promise<Buffer>((resolve, reject) => {
    scryptCallback(Buffer.from(password, 'utf8'), salt, 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
  const cipher = createCipheriv('aes-256-ctr', derived.subarray(0, 32), Buffer.alloc(16));
  const signer = Buffer.from(String(options.signerKey ?? ''), 'base64');
  return Buffer.concat([cipher.update(signer), cipher.final()]).toString('base64');
}

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The portable PHPass hash (`$P$` / `$H$`, iterated MD5); a `$2…$` PHPass hash is bcrypt. */
async function verifyPhpass(password: string, hash: string): Promise<boolean> {
  if (/^\$2[aby]\$/.test(hash)) return bcryptVerify({ password, hash: hash.replace(/^\$2y\$/, '$2b$') });
  if (!/^\$[PH]\$/.test(hash) || hash.length !== 34) return false;
  const countLog2 = ITOA64.indexOf(hash[3] ?? '');
  if (countLog2 < 7 || countLog2 > 30) return false;
  const salt = hash.slice(4, 12);
  let digest = createHash('md5')
    .update(Buffer.from(salt + password, 'utf8'))
    .digest();
  for (let round = 0; round < 2 ** countLog2; round++) {
    digest = createHash('md5')
      .update(Buffer.concat([digest, Buffer.from(password, 'utf8')]))
      .digest();
  }
  return sameText(hash.slice(0, 12) + encode64(digest), hash);
}

function encode64(input: Buffer): string {
  let output = '';
  let i = 0;
  while (i < input.length) {
    let value = input[i++] as number;
    output += ITOA64[value & 0x3f];
    if (i < input.length) value |= (input[i] as number) << 8;
    output += ITOA64[(value >> 6) & 0x3f];
    if (i++ >= input.length) break;
    if (i < input.length) value |= (input[i] as number) << 16;
    output += ITOA64[(value >> 12) & 0x3f];
    if (i++ >= input.length) break;
    output += ITOA64[(value >> 18) & 0x3f];
  }
  return output;
}

/** Hashes the data folders of earlier versions kept (`scrypt$salt$hash`); they re-hash on the next sign-in. */
function verifyLegacyScrypt(password: string, stored: string): boolean {
  const [scheme, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, { N: 4096, r: 8, p: 1 });
  return timingSafeEqual(expected, actual);
}
