import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals secrets at rest with AES-256-GCM: the database holds only `v1:` + base64(iv | tag |
 * ciphertext) of the value's JSON. One key for the server (REGULATOR_KEY, else DATA_DIR/regulator.key:
 * `modules/regulator/credentials.ts` loads it), used for regulator credentials and cameras' addresses
 * and passwords alike. Losing the key loses the secrets (they must be entered again), never the data.
 */
export class SecretVault {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the regulator key must be 32 bytes');
  }

  /** The sealed form of `value`; null for an empty object (nothing to keep). */
  seal(value: object): string | null {
    if (Object.keys(value).length === 0) return null;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** The value `seal` sealed; {} for null. Throws when the key is not the one that sealed it. */
  openAs<T extends object>(sealed: string | null): T {
    if (!sealed) return {} as T;
    const raw = Buffer.from(sealed.replace(/^v1:/, ''), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as T;
  }
}
