import type { Db } from '../../platform/database/database.ts';
import { tooManyRequests, type HttpError } from '../../platform/errors.ts';
import { LoginAttemptRepository, type AttemptHistory } from './login-attempts.repository.ts';

/**
 * How hard guessing passwords is made (docs/ACCESS.md, "Signing in", says why these numbers). The
 * wait an address is given depends on its own failures only: nobody can lock another out.
 */
export const LOGIN_LIMITS = {
  /**
   * One address guessing one user name: `free` failures (typos) pass, then each attempt waits
   * from the latest failure, `firstDelayMs` doubling with every further failure up to `maxDelayMs`.
   * Failures are remembered for `windowMs`; signing in from the address forgets them.
   */
  pair: { free: 5, firstDelayMs: 60_000, maxDelayMs: 60 * 60_000, windowMs: 24 * 3_600_000 },
  /** One address across user names (credential stuffing): `failures` in `windowMs`, then it waits for the oldest to leave. */
  address: { failures: 20, windowMs: 15 * 60_000 },
  /**
   * One user name from every address: past `failures` in `windowMs` it is under attack, and every
   * address's pair gets `free` failures before its waits start, growing up to `maxDelayMs`.
   */
  account: { failures: 100, windowMs: 60 * 60_000, free: 1, maxDelayMs: 6 * 3_600_000 },
} as const;

export type LoginLimits = typeof LOGIN_LIMITS;

/** An attempt that passed the limits; settle it once the password is checked. */
export interface AdmittedAttempt {
  userNameKey: string;
  ip: string;
}

/** How long the attempt must wait; 0 when it may go ahead. */
function loginWaitMs(h: AttemptHistory, limits: LoginLimits = LOGIN_LIMITS): number {
  const { pair, account } = limits;
  const free = h.accountUnderAttack ? account.free : pair.free;
  const beyond = h.pairFailures - free;
  const pairWaitMs =
    beyond < 0 || h.pairLastAgoMs === null
      ? 0
      : Math.min(pair.firstDelayMs * 2 ** beyond, h.accountUnderAttack ? account.maxDelayMs : pair.maxDelayMs) - h.pairLastAgoMs;
  return Math.max(pairWaitMs, h.addressWaitMs ?? 0, 0);
}

/**
 * Login rate limiting kept in PostgreSQL, so every server instance counts the same attempts.
 * An attempt is recorded before the password is checked, under transaction locks on its pair and
 * address: a burst of concurrent guesses is counted one by one and cannot slip through together.
 * The account's ceiling only shortens the schedule, so it needs no lock of its own.
 */
export class LoginRateLimiter {
  private readonly attempts: LoginAttemptRepository;

  constructor(
    private readonly db: Db,
    private readonly limits: LoginLimits = LOGIN_LIMITS,
  ) {
    this.attempts = new LoginAttemptRepository(db);
  }

  /** Records the attempt, or throws 429 with the wait (refusals are not recorded, so the wait shown is the real one). */
  async admit(userNameKey: string, ip: string): Promise<AdmittedAttempt> {
    const { pair, address, account } = this.limits;
    const waitMs = await this.db.transaction().execute(async (trx) => {
      const attempts = this.attempts.in(trx);
      await attempts.lock([`login-pair:${ip}:${userNameKey}`, `login-ip:${ip}`]);
      const wait = loginWaitMs(await attempts.history(userNameKey, ip, { pairWindowMs: pair.windowMs, address, account }), this.limits);
      if (wait === 0) await attempts.add(userNameKey, ip);
      return wait;
    });
    if (waitMs > 0) throw tooManyAttempts(waitMs);
    return { userNameKey, ip };
  }

  /** Signing in from the address ends its failures on the user name. */
  async forget(attempt: AdmittedAttempt): Promise<void> {
    await this.attempts.deletePair(attempt.userNameKey, attempt.ip);
  }

  /** Drops attempts no limit counts any more; failures stay recorded as they are. */
  async prune(): Promise<void> {
    await this.attempts.deleteOlderThan(Math.max(this.limits.pair.windowMs, this.limits.address.windowMs, this.limits.account.windowMs));
  }
}

/** 429 with the wait: whole minutes in the message, seconds in Retry-After. */
function tooManyAttempts(retryAfterMs: number): HttpError {
  const minutes = Math.ceil(retryAfterMs / 60_000);
  return tooManyRequests(`Too many attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`, retryAfterMs);
}
