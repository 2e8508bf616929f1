import { afterAll, describe, expect, it } from 'vitest';
import { cheapHashingForTests, hashPassword, PASSWORD_HASH_OPTIONS, verifyPassword } from '../src/platform/access/password.ts';

// The other tests hash cheaply (cheap-hashing.ts); this file checks what production stores.
describe('password hashing', () => {
  afterAll(() => cheapHashingForTests(true));

  it('stores argon2id with OWASP minimum parameters (19 MiB, 2 passes, 1 lane) in production', async () => {
    expect(PASSWORD_HASH_OPTIONS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    cheapHashingForTests(false);
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse batterY')).toBe(false);
    // A hash stored at production cost still verifies while tests hash cheaply.
    cheapHashingForTests(true);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
  });

  it('hashes cheaply only in test runs, and those hashes verify like any other', async () => {
    const cheap = await hashPassword('kiln stack sunrise');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=256,p=1,t=1\$/);
    expect(await verifyPassword(cheap, 'kiln stack sunrise')).toBe(true);
    expect(await verifyPassword(cheap, 'kiln stack sunset')).toBe(false);
    expect(await verifyPassword(null, 'kiln stack sunrise')).toBe(false);
    expect(await verifyPassword('not a hash', 'kiln stack sunrise')).toBe(false);

    const vitest = process.env.VITEST!;
    delete process.env.VITEST;
    try {
      expect(() => cheapHashingForTests(true)).toThrow('for test runs (vitest) only');
    } finally {
      process.env.VITEST = vitest;
    }
  });
});
