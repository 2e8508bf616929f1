import type { Db } from '../../platform/database/database.ts';
import { DeviceProfileRepository, type DeviceProfile } from './device-profile.repository.ts';

export interface DeviceRegistryOptions {
  /** How long a known device's profile is reused; also how long a deleted device keeps sending. */
  ttlMs: number;
  /** How long an unknown token stays refused without asking the database again. */
  unknownTtlMs: number;
  /** Cap on cached tokens, so a flood of made-up tokens cannot grow memory without bound. */
  maxEntries: number;
}

const DEFAULTS: DeviceRegistryOptions = { ttlMs: 30_000, unknownTtlMs: 5_000, maxEntries: 100_000 };

interface Entry {
  expiresAt: number;
  profile: Promise<DeviceProfile | null>;
}

/**
 * Access token -> device profile, cached in memory for a short time: every HTTP request and MQTT
 * publish names its token, and the hot path must not ask the database each time. Concurrent first
 * lookups of one token share a single query; a failed query is not cached. A token revoked or whose
 * device changed is dropped at once on every server (ingest.ts listens for announcements).
 */
export class DeviceRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly options: DeviceRegistryOptions;
  private readonly profiles: DeviceProfileRepository;

  constructor(db: Db, options: Partial<DeviceRegistryOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.profiles = new DeviceProfileRepository(db);
  }

  /** Drops a token's cached profile: it was revoked or its device changed (announced on CREDENTIAL_CHANNEL). */
  forget(accessToken: string): void {
    this.entries.delete(accessToken);
  }

  /** Drops every cached profile: after announcements may have been missed. */
  forgetAll(): void {
    this.entries.clear();
  }

  resolve(accessToken: string): Promise<DeviceProfile | null> {
    // No device has a token holding NUL, and PostgreSQL would fail the lookup rather than find none.
    if (accessToken.includes('\0')) return Promise.resolve(null);
    const now = Date.now();
    const hit = this.entries.get(accessToken);
    if (hit && hit.expiresAt > now) return hit.profile;
    if (hit) this.entries.delete(accessToken);
    if (this.entries.size >= this.options.maxEntries) {
      // Map iterates in insertion order: drop the oldest entry.
      this.entries.delete(this.entries.keys().next().value!);
    }
    const profile = this.profiles.findByToken(accessToken);
    const entry: Entry = { expiresAt: now + this.options.ttlMs, profile };
    this.entries.set(accessToken, entry);
    profile.then(
      (p) => {
        if (p === null) entry.expiresAt = now + this.options.unknownTtlMs;
      },
      () => {
        if (this.entries.get(accessToken) === entry) this.entries.delete(accessToken);
      },
    );
    return profile;
  }
}
