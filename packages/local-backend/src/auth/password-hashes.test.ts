import { describe, expect, it } from 'vitest';
import { verifyPassword, hashPassword } from './password-hashes.ts';
// Vectors from Appwrite's own e2e tests (tests/e2e/Services/Users/UsersBase.php): each hash is of `appwrite`.
describe('imported password hashes', () => {
  it('verify the way utopia-php/auth verifies them, and the default Argon2id round-trips', async () => {
    expect(await verifyPassword('appwrite', { algorithm: 'md5', hash: '144fa7eaa4904e8ee120651997f70dcc', options: {} })).toBe(true);
    expect(
      await verifyPassword('appwrite', {
        algorithm: 'sha',
        hash: '4243da0a694e8a2f727c8060fe0507c8fa01ca68146c76d2c190805b638c20c6bf6ba04e21f11ae138785d0bff63c416e6f87badbffad37f6dee50094cc38c70',
        options: { version: 'sha512' },
      }),
    ).toBe(true);
    expect(await verifyPassword('appwrite', { algorithm: 'phpass', hash: '$P$Br387rwferoKN7uwHZqNMu98q3U8RO.', options: {} })).toBe(true);
    expect(
      await verifyPassword('appwrite', {
        algorithm: 'scrypt',
        hash: '3fdef49701bc4cfaacd551fe017283513284b4731e6945c263246ef948d3cf63b5d269c31fd697246085111a428245e24a4ddc6b64c687bc60a8910dbafc1d5b',
        options: { salt: 'appwrite', costCpu: 16384, costMemory: 13, costParallel: 2, length: 64 },
      }),
    ).toBe(true);
    expect(
      await verifyPassword('appwrite', {
        algorithm: 'scryptMod',
        hash: 'UlM7JiXRcQhzAGlaonpSqNSLIz475WMddOgLjej5De9vxTy48K6WtqlEzrRFeK4t0COfMhWCb8wuMHgxOFCHFQ==',
        options: {
          salt: 'UxLMreBr6tYyjQ==',
          saltSeparator: 'Bw==',
          signerKey: 'XyEKE9RcTDeLEsL/RjwPDBv/RqDl8fb3gpYEOQaPihbxf1ZAtSOHCjuAAa7Q3oHpCYhXSN9tizHgVOwn6krflQ==',
        },
      }),
    ).toBe(true);
    const h = await hashPassword('secret12');
    expect(await verifyPassword('secret12', h)).toBe(true);
    expect(await verifyPassword('secret13', h)).toBe(false);
  });
});
