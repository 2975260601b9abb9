import { requireKey } from '../auth/identity.ts';
import { SHA_VERSIONS, type HashAlgorithm, type StoredPassword } from '../auth/password-hashes.ts';
import { readOptionalName, readPassword } from '../auth/user-input.ts';
import type { RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import type { Services } from '../services.ts';
import { createUser } from './user-routes.ts';

/**
 * `POST /users/{algorithm}`: a user created with a password hashed elsewhere, so that members moving
 * from another system keep their passwords. The hash is kept as given, with its algorithm and options
 * (the User model shows them), checked at sign-in as Appwrite checks it, then re-hashed with Argon2id.
 */
export function registerPasswordImports(router: Router, services: Services): void {
  const route = (path: string, algorithm: HashAlgorithm, options: (ctx: RequestContext) => Record<string, unknown>) =>
    router.post(`/v1/users/${path}`, (ctx) => {
      requireKey(ctx.caller, 'users.write');
      const id = readCustomId(ctx.params, 'userId');
      const email = ctx.params.email('email');
      const hash = readPassword(ctx.params, 'password');
      const password: StoredPassword = { hash, algorithm, options: { type: algorithm, ...options(ctx) } };
      return createUser(ctx, services, { id, email, name: readOptionalName(ctx.params), password });
    });

  route('bcrypt', 'bcrypt', () => ({}));
  route('md5', 'md5', () => ({}));
  route('argon2', 'argon2', () => ({}));
  route('phpass', 'phpass', () => ({}));
  route('sha', 'sha', (ctx) => {
    const version = ctx.params.optionalString('passwordVersion') ?? '';
    if (version !== '' && !Object.hasOwn(SHA_VERSIONS, version)) {
      throw errors.argumentInvalid(`Invalid \`passwordVersion\` param: Value must be one of (${Object.keys(SHA_VERSIONS).join(', ')})`);
    }
    return { version: version === '' ? 'sha256' : version };
  });
  route('scrypt', 'scrypt', (ctx) => ({
    salt: ctx.params.string('passwordSalt', { max: 128 }),
    costCpu: ctx.params.integer('passwordCpu', 8),
    costMemory: ctx.params.integer('passwordMemory', 14),
    costParallel: ctx.params.integer('passwordParallel', 1),
    length: ctx.params.integer('passwordLength', 64),
  }));
  route('scrypt-modified', 'scryptMod', (ctx) => ({
    salt: ctx.params.string('passwordSalt', { max: 128 }),
    saltSeparator: ctx.params.string('passwordSaltSeparator', { max: 128 }),
    signerKey: ctx.params.string('passwordSignerKey', { max: 128 }),
  }));
}
