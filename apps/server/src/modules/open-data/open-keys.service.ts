import { createHash, randomBytes } from 'node:crypto';
import { OPEN_DATA_LICENCE, type OpenKeyConfirmAnswer, type OpenKeySignUp } from '@enviro/contracts/open-data';
import type { Db } from '../../platform/database/database.ts';
import { HttpError, tooManyRequests, unauthorized } from '../../platform/errors.ts';
import type { Messaging } from '../../platform/mail/mail.plugin.ts';
import { openKeyMail } from '../../platform/mail/templates.ts';
import { OpenHitsRepository, OpenKeyRepository, type OpenKeyRow } from './open-data.repository.ts';
import { HitCounter } from './hit-counter.ts';
import { ExpiringCache } from '../../platform/cache/expiring-cache.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A confirmation link works for a day. */
const CONFIRM_VALID_MS = 24 * HOUR;
/** Sign-ups of one address an hour, so the form cannot be used to flood someone's mailbox. */
const SIGN_UPS_PER_HOUR = 3;

/** Requests a caller may make: a key's own limits, or the anonymous ones. */
export interface Limits {
  perMinute: number;
  perHour: number;
}

/** Without a key: a tenth of a key's default limits, per client address. */
const ANONYMOUS_LIMITS: Limits = { perMinute: 10, perHour: 200 };

/** The rate-limit headers of one answer. */
export type RateHeaders = Record<'x-ratelimit-limit' | 'x-ratelimit-remaining' | 'x-ratelimit-reset', string>;

/**
 * How long a server keeps a key it found: a key revoked in the database stops working within this
 * time. Once half as old it is looked up again behind the requests, which use the one found until
 * then (every request of a key waiting on its look-up each time it expired stalled them under load).
 */
const KEY_TTL_MS = 10_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Developers' keys (issue 37): a key is asked for with an e-mail address, mailed a confirmation
 * link, and shown once when the link is followed. Every open API request is counted against its
 * caller's limits in PostgreSQL (`open_api_hits`), so the limits hold across every server: at once
 * near a limit, in batches far from it (`HitCounter`).
 */
export class OpenKeysService {
  private readonly keys: OpenKeyRepository;
  private readonly hits: HitCounter;
  private readonly found: ExpiringCache<OpenKeyRow | undefined>;

  constructor(
    db: Db,
    private readonly messaging: Messaging,
    private readonly now: () => number = Date.now,
  ) {
    this.keys = new OpenKeyRepository(db);
    this.hits = new HitCounter(new OpenHitsRepository(db));
    this.found = new ExpiringCache(KEY_TTL_MS, 10_000, Date.now, undefined, KEY_TTL_MS / 2);
  }

  /** POST /api/open/v1/keys: records the sign-up and mails the link that confirms it. */
  async signUp(input: OpenKeySignUp & { purpose: string }): Promise<{ message: string }> {
    const now = this.now();
    if ((await this.keys.recentSignUps(input.email, new Date(now - HOUR))) >= SIGN_UPS_PER_HOUR) {
      throw tooManyRequests(`body.email: ${SIGN_UPS_PER_HOUR} keys were asked for this address in the last hour; try again later`, HOUR);
    }
    const token = randomBytes(24).toString('base64url');
    // The key is made at confirmation; until then the row holds an unusable placeholder.
    const placeholder = `pending:${randomBytes(16).toString('hex')}`;
    await this.keys.create({ email: input.email, purpose: input.purpose, keyHash: placeholder, keyPrefix: '', confirmHash: sha256(token), confirmExpiresAt: new Date(now + CONFIRM_VALID_MS) });
    const link = `${this.messaging.publicUrl}/developers/confirm?token=${encodeURIComponent(token)}`;
    await this.messaging.mailer.send(openKeyMail(input.email, { link, validHours: CONFIRM_VALID_MS / HOUR, licence: `${OPEN_DATA_LICENCE.name}, ${OPEN_DATA_LICENCE.url}` }));
    return { message: `We sent a confirmation link to ${input.email}. Open it within 24 hours to see your key.` };
  }

  /** POST /api/open/v1/keys/confirm: the key of a waiting sign-up, shown this once. */
  async confirm(token: string): Promise<OpenKeyConfirmAnswer> {
    const key = `eo_${randomBytes(24).toString('base64url')}`;
    const row = await this.keys.confirm(sha256(token), sha256(key), key.slice(0, 8), new Date(this.now()));
    if (!row) throw new HttpError(404, 'This confirmation link is unknown, used already or expired: ask for a key again', 'body.token');
    return { key, perMinute: row.per_minute, perHour: row.per_hour };
  }

  /**
   * Counts the request of the holder of `apiKey` (or of the anonymous `address`) and answers its
   * rate-limit headers; 429 with them and Retry-After when a window is spent. An unknown key is 401:
   * a client sending a wrong key wants to know, not to be served anonymously.
   */
  async admit(apiKey: string | undefined, address: string): Promise<RateHeaders> {
    let caller = `ip:${address}`;
    let limits = ANONYMOUS_LIMITS;
    if (apiKey !== undefined) {
      const hash = sha256(apiKey);
      const row = await this.found.get(hash, () => this.keys.byHash(hash));
      if (!row) throw unauthorized('X-API-Key: unknown or revoked key; ask for one at /developers');
      caller = `key:${row.id}`;
      limits = { perMinute: row.per_minute, perHour: row.per_hour };
    }
    const now = this.now();
    const minuteStart = Math.floor(now / MINUTE) * MINUTE;
    const hourStart = Math.floor(now / HOUR) * HOUR;
    const counted = await this.hits.count(caller, limits, minuteStart, hourStart);
    const minuteLeft = limits.perMinute - counted.minute;
    const hourLeft = limits.perHour - counted.hour;
    // The window that runs out first binds: its limit and its reset are the ones reported.
    const byHour = hourLeft < minuteLeft;
    const resetAt = byHour ? hourStart + HOUR : minuteStart + MINUTE;
    const headers: RateHeaders = {
      'x-ratelimit-limit': String(byHour ? limits.perHour : limits.perMinute),
      'x-ratelimit-remaining': String(Math.max(0, Math.min(minuteLeft, hourLeft))),
      'x-ratelimit-reset': String(Math.max(1, Math.ceil((resetAt - now) / 1000))),
    };
    if (minuteLeft < 0 || hourLeft < 0) {
      const message = `Over the limit of ${byHour ? `${limits.perHour} requests an hour` : `${limits.perMinute} requests a minute`}${apiKey === undefined ? ' without a key (a free key raises it: /developers)' : ' of this key'}`;
      throw new HttpError(429, message, undefined, { ...headers, 'retry-after': headers['x-ratelimit-reset'] });
    }
    return headers;
  }

  /** Writes the requests counted in batches to PostgreSQL (a worker does it every second). */
  flush(): Promise<void> {
    return this.hits.flush();
  }

  /** Forgets counters of windows over for more than an hour; answers how many rows went. */
  prune(): Promise<number> {
    return this.hits.prune(new Date(this.now() - 2 * HOUR));
  }
}
