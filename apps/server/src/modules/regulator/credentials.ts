import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RegulatorCredentials } from '@enviro/contracts/regulator';
import { SecretVault } from '../../platform/secrets/secret-vault.ts';

/** Stored credentials: every field a string when set. */
export type StoredCredentials = Partial<Record<'token' | 'tokenId' | 'publicKey' | 'username' | 'password', string>>;

/** A mapping's sealed credentials: its own, and each device's (by our device id). */
export type MappingCredentials = StoredCredentials & { devices?: Record<string, StoredCredentials> };

/**
 * Seals credentials at rest (AES-256-GCM, `platform/secrets/secret-vault.ts`) under the regulator
 * key: REGULATOR_KEY (base64 of 32 bytes) or, unset, `DATA_DIR/regulator.key`, created on first start
 * (embedded mode). Losing the key loses the credentials (they must be entered again), never the data.
 */
export class CredentialVault extends SecretVault {
  open(sealed: string | null): MappingCredentials {
    return this.openAs<MappingCredentials>(sealed);
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
