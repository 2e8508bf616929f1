import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane): tens of milliseconds per
 * hash on a shared two-core machine, so a burst of logins cannot starve the server of memory.
 */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * argon2id's cheapest parameters (256 KiB, 1 pass): a fraction of a millisecond. Only for test runs,
 * which hash hundreds of passwords and codes; see cheapHashingForTests.
 */
const TEST_OPTIONS = { type: argon2.argon2id, memoryCost: 256, timeCost: 1, parallelism: 1 } as const;

type HashOptions = typeof PASSWORD_HASH_OPTIONS | typeof TEST_OPTIONS;
let options: HashOptions = PASSWORD_HASH_OPTIONS;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

/**
 * Tests only: new hashes use TEST_OPTIONS (on: true) or the production parameters again (on: false).
 * Nothing in src calls it and no configuration reaches it; it refuses to run outside vitest, so a
 * server cannot end up storing cheap hashes. Verifying reads the parameters from the stored hash, so
 * hashes made either way keep verifying.
 */
export function cheapHashingForTests(on: boolean): void {
  if (!process.env.VITEST) throw new Error('cheapHashingForTests is for test runs (vitest) only');
  options = on ? TEST_OPTIONS : PASSWORD_HASH_OPTIONS;
  dummyHash = undefined;
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `hash`. Without a hash (unknown user, user not yet through the invite)
 * a dummy hash is verified anyway, so the answer takes as long as for a real account and timing
 * does not tell whether the account exists.
 */
export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    dummyHash ??= hashPassword('no account has this password');
    await argon2.verify(await dummyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash is a failed login, not a server error that would reveal the account.
    return false;
  }
}
