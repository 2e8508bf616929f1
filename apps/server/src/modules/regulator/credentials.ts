import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RegulatorCredentials } from '@enviro/contracts/regulator';

/** Stored credentials: every field a string when set. */
export type StoredCredentials = Partial<Record<'token' | 'tokenId' | 'publicKey' | 'username' | 'password', string>>;

/** A mapping's sealed credentials: its own, and each device's (by our device id). */
export type MappingCredentials = StoredCredentials & { devices?: Record<string, StoredCredentials> };

/**
 * Seals credentials at rest with AES-256-GCM under the regulator key; the database holds only
 * `v1:` + base64(iv | tag | ciphertext). The key comes from REGULATOR_KEY (base64 of 32 bytes) or,
 * unset, from `DATA_DIR/regulator.key`, created on first start (embedded mode). Losing the key loses
 * the credentials (they must be entered again), never the data.
 */
export class CredentialVault {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the regulator key must be 32 bytes');
  }

  seal(credentials: MappingCredentials): string | null {
    if (Object.keys(credentials).length === 0) return null;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(credentials), 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  open(sealed: string | null): MappingCredentials {
    if (!sealed) return {};
    const raw = Buffer.from(sealed.replace(/^v1:/, ''), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as StoredCredentials;
  }
}

/** Applies a request's credentials to stored ones: an omitted field keeps its value, null clears it. */
export function mergeCredentials(stored: StoredCredentials, input: RegulatorCredentials | undefined): StoredCredentials {
  const merged: StoredCredentials = { ...stored };
  for (const [name, value] of Object.entries(input ?? {}) as [keyof StoredCredentials, string | null | undefined][]) {
    if (value === undefined) continue;
    if (value === null) delete merged[name];
    else merged[name] = value;
  }
  return merged;
}

/**
 * Applies a mapping request's device credentials to the stored ones, device by device as
 * mergeCredentials does; devices no longer mapped lose theirs.
 */
export function mergeDeviceCredentials(stored: MappingCredentials['devices'], devices: readonly { deviceId: number; credentials?: RegulatorCredentials | undefined }[]): MappingCredentials['devices'] {
  const merged: Record<string, StoredCredentials> = {};
  for (const d of devices) {
    const one = mergeCredentials(stored?.[String(d.deviceId)] ?? {}, d.credentials);
    if (Object.keys(one).length > 0) merged[String(d.deviceId)] = one;
  }
  return Object.keys(merged).length > 0 ? merged : undefined;
}

/** Names of the fields set, the only thing answers say about credentials. */
export function credentialNames(credentials: StoredCredentials): ('token' | 'tokenId' | 'publicKey' | 'username' | 'password')[] {
  return (['token', 'tokenId', 'publicKey', 'username', 'password'] as const).filter((n) => credentials[n] !== undefined);
}

/** The regulator key: REGULATOR_KEY, else DATA_DIR/regulator.key (created, mode 600, on first start). */
export function loadRegulatorKey(env: { REGULATOR_KEY?: string | undefined; DATA_DIR: string }): { key: Buffer; source: string } {
  if (env.REGULATOR_KEY) {
    const key = Buffer.from(env.REGULATOR_KEY, 'base64');
    if (key.length !== 32) throw new Error('REGULATOR_KEY: must be the base64 of 32 bytes');
    return { key, source: 'REGULATOR_KEY' };
  }
  const file = path.join(env.DATA_DIR, 'regulator.key');
  if (!existsSync(file)) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file}: must hold the base64 of 32 bytes`);
  return { key, source: file };
}
