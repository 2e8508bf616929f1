import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_FAILED } from '../src/modules/accounts/accounts.service.ts';
import { LOGIN_LIMITS } from '../src/modules/accounts/login-rate-limit.ts';
import { PASSWORD } from './accounts.ts';
import { useTestApp } from './test-app.ts';

/** Guessing passwords is slowed per account and address, per address and per account, without ever locking an owner out. */
describe('POST /api/login throttling', () => {
  const ctx = useTestApp();
  let tenantId: number;

  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant({ name: 'Shree Cement' })).id;
  });

  const owner = () => ctx.newUser({ tenantId });
  const fail = async (userName: string, ip: string, times: number) => {
    for (let i = 1; i <= times; i++) expect((await ctx.login(userName, `guess ${i}`, ip)).res.statusCode).toBe(401);
  };
  /** Moves the pair's failures back in time, as if the caller had waited. */
  const wait = (userName: string, ip: string, seconds: number) =>
    ctx.database.pool.query(`UPDATE login_attempt SET at = at - $3 * interval '1 second' WHERE user_name = $1 AND ip = $2`, [userName, ip, seconds]);
  /** The 429's Retry-After in seconds; fails on any other answer. */
  const retryAfter = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(429);
    return Number(res.headers['retry-after']);
  };

  it("holds back only the attacker's address: the owner signs in from theirs while it is refused", async () => {
    const user = await owner();
    await fail(user.userName, '10.1.0.1', LOGIN_LIMITS.pair.free);
    // Even the right password waits at the attacker's address…
    const refused = (await ctx.login(user.userName, PASSWORD, '10.1.0.1')).res;
    expect(retryAfter(refused)).toBeGreaterThan(55);
    expect(retryAfter(refused)).toBeLessThanOrEqual(60);
    expect(refused.json().message).toBe('Too many attempts; try again in 1 minute');
    // …while the owner, elsewhere, signs in, and the attacker is still refused.
    expect((await ctx.login(user.userName, PASSWORD, '10.1.0.2')).res.statusCode).toBe(200);
    expect((await ctx.login(user.userName, 'guess 6', '10.1.0.1')).res.statusCode).toBe(429);
  });

  it('makes each further failure of an address wait twice as long, up to an hour', async () => {
    const user = await owner();
    const ip = '10.1.1.1';
    await fail(user.userName, ip, LOGIN_LIMITS.pair.free);
    for (const seconds of [60, 120, 240, 480]) {
      const wanted = retryAfter((await ctx.login(user.userName, 'x', ip)).res);
      expect(wanted).toBeGreaterThan(seconds - 5);
      expect(wanted).toBeLessThanOrEqual(seconds);
      await wait(user.userName, ip, wanted);
      await fail(user.userName, ip, 1);
    }
    // Forty failures later the wait is still an hour.
    await ctx.database.pool.query(
      `INSERT INTO login_attempt (user_name, ip, at) SELECT $1, $2, now() - interval '1 second' FROM generate_series(1, 40)`,
      [user.userName, ip],
    );
    const longest = (await ctx.login(user.userName, 'x', ip)).res;
    expect(retryAfter(longest)).toBeGreaterThan(3590);
    expect(retryAfter(longest)).toBeLessThanOrEqual(3600);
    expect(longest.json().message).toBe('Too many attempts; try again in 60 minutes');
  });

  it('forgets the failures of an address once the owner signs in from it', async () => {
    const user = await owner();
    await fail(user.userName, '10.1.2.1', LOGIN_LIMITS.pair.free - 1);
    expect((await ctx.login(user.userName, PASSWORD, '10.1.2.1')).res.statusCode).toBe(200);
    await fail(user.userName, '10.1.2.1', LOGIN_LIMITS.pair.free);
  });

  it('limits an unknown account alike, so the limit does not tell which accounts exist', async () => {
    await fail('ghost@example.in', '10.1.3.1', LOGIN_LIMITS.pair.free);
    const res = (await ctx.login('ghost@example.in', 'x', '10.1.3.1')).res;
    expect(retryAfter(res)).toBeGreaterThan(55);
    expect(res.json().message).toBe('Too many attempts; try again in 1 minute');
    expect((await ctx.login('ghost@example.in', 'x', '10.1.3.2')).res.json().message).toBe(LOGIN_FAILED);
  });

  it('limits an address spraying many accounts, until its oldest failure leaves the window', async () => {
    const ip = '10.1.4.1';
    for (let i = 1; i <= LOGIN_LIMITS.address.failures; i++) await fail(`probe${i}@example.in`, ip, 1);
    const user = await owner();
    const refused = (await ctx.login(user.userName, PASSWORD, ip)).res;
    expect(retryAfter(refused)).toBeGreaterThan(14 * 60);
    expect(retryAfter(refused)).toBeLessThanOrEqual(15 * 60);
    expect((await ctx.login(user.userName, PASSWORD, '10.1.4.2')).res.statusCode).toBe(200);

    await ctx.database.pool.query(`UPDATE login_attempt SET at = now() - interval '14 minutes 30 seconds' WHERE ip = $1`, [ip]);
    const soon = (await ctx.login(user.userName, PASSWORD, ip)).res;
    expect(retryAfter(soon)).toBeLessThanOrEqual(30);
    expect(soon.json().message).toBe('Too many attempts; try again in 1 minute');
    await ctx.database.pool.query(`UPDATE login_attempt SET at = now() - interval '16 minutes' WHERE ip = $1`, [ip]);
    expect((await ctx.login(user.userName, PASSWORD, ip)).res.statusCode).toBe(200);
  });

  it('slows every address on an account failing from many, and still lets the owner in', async () => {
    const user = await owner();
    // A distributed attack: one failure from each of many addresses in the last hour.
    await ctx.database.pool.query(
      `INSERT INTO login_attempt (user_name, ip, at) SELECT $1, '10.9.' || (n / 256) || '.' || (n % 256), now() - interval '10 minutes' FROM generate_series(1, $2::int) n`,
      [user.userName, LOGIN_LIMITS.account.failures],
    );
    // A new address gets one failure before its waits start, not five…
    await fail(user.userName, '10.1.5.1', LOGIN_LIMITS.account.free);
    expect(retryAfter((await ctx.login(user.userName, PASSWORD, '10.1.5.1')).res)).toBeGreaterThan(55);
    // …and the owner, from an address that has not failed, signs in.
    expect((await ctx.login(user.userName, PASSWORD, '10.1.5.2')).res.statusCode).toBe(200);
  });

  it('lets a burst of concurrent guesses from one address through no further than its free failures', async () => {
    const user = await owner();
    const results = await Promise.all(Array.from({ length: 8 }, () => ctx.login(user.userName, 'wrong', '10.1.6.1')));
    const refused = results.map((r) => r.res).filter((res) => res.statusCode === 429);
    expect(results.filter((r) => r.res.statusCode === 401).length).toBeLessThanOrEqual(LOGIN_LIMITS.pair.free);
    expect(refused.length).toBeGreaterThanOrEqual(8 - LOGIN_LIMITS.pair.free);
    for (const res of refused) expect(retryAfter(res)).toBeGreaterThan(0);
  });
});
