import type { Db } from '../../platform/database/database.ts';
import { HttpError } from '../../platform/errors.ts';
import { LoginAttemptRepository } from './login-attempts.repository.ts';

/** Failed logins allowed in a sliding window, per user name and per client address. */
export const LOGIN_LIMITS = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perAddress: 20,
} as const;

/** An attempt that passed the limits; settle it once the password is checked. */
export interface AdmittedAttempt {
  id: string;
}

/**
 * Login rate limiting kept in PostgreSQL, so every server instance counts the same attempts.
 * An attempt is recorded before the password is checked, under transaction locks on its user name
 * and address: a burst of concurrent guesses is counted one by one and cannot slip through
 * together.
 */
export class LoginRateLimiter {
  private readonly attempts: LoginAttemptRepository;

  constructor(
    private readonly db: Db,
    private readonly limits: typeof LOGIN_LIMITS = LOGIN_LIMITS,
  ) {
    this.attempts = new LoginAttemptRepository(db);
  }

  /** Records the attempt, or answers how long until the caller may try again (refusals are not recorded, so the wait shown is the real one). */
  async admit(userNameKey: string, ip: string): Promise<AdmittedAttempt | { retryAfterMs: number }> {
    return this.db.transaction().execute(async (trx) => {
      const attempts = this.attempts.in(trx);
      await attempts.lock([`login-user:${userNameKey}`, `login-ip:${ip}`]);
      const retryAfterMs = await attempts.retryAfterMs(userNameKey, ip, this.limits);
      if (retryAfterMs !== null) return { retryAfterMs: Math.max(retryAfterMs, 1_000) };
      return attempts.add(userNameKey, ip);
    });
  }

  /** A successful login is not a failure to count. */
  async forget(attempt: AdmittedAttempt): Promise<void> {
    await this.attempts.delete(attempt.id);
  }

  /** Drops attempts older than the window; failures stay recorded as they are. */
  async prune(): Promise<void> {
    await this.attempts.deleteOlderThan(this.limits.windowMs);
  }
}

/** 429 with the wait, in whole minutes. */
export function tooManyAttempts(retryAfterMs: number): HttpError {
  const minutes = Math.ceil(retryAfterMs / 60_000);
  return new HttpError(429, `Too many attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`);
}
