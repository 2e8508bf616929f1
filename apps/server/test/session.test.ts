import { beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf } from '../src/platform/access/session.ts';
import { cookieHeader } from './accounts.ts';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe('sessions', () => {
  const ctx = useTestApp();
  const a = { tenant: 0, station: 0 };
  const b = { tenant: 0, station: 0 };

  beforeAll(async () => {
    for (const t of [a, b]) {
      t.tenant = (await ctx.b.newTenant()).id;
      t.station = (await ctx.b.newEntity({ tenantId: t.tenant })).id;
      await ctx.b.newDevice({ tenantId: t.tenant, entityId: t.station });
    }
  });

  const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    ctx.inject({ method: 'GET', url, headers: { cookie, ...headers } });

  it('logout ends the session and clears both cookies', async () => {
    const user = await ctx.newUser({ tenantId: a.tenant });
    const { cookie } = await ctx.login(user.userName);
    const res = await ctx.inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...XHR } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ loggedOut: true });
    const cleared = Object.fromEntries(res.cookies.map((c) => [c.name, c]));
    expect(cleared.session).toMatchObject({ value: '', path: '/' });
    expect(cleared.info).toMatchObject({ value: '', path: '/' });
    expect(cleared.session!.expires!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await get('/api/tenantinfo', cookie)).statusCode).toBe(401);
    const left = await ctx.database.pool.query('SELECT count(*)::int AS n FROM user_session WHERE user_id = $1', [user.id]);
    expect(left.rows[0].n).toBe(0);
  });

  it('answers 401 once the user is disabled or the session expired', async () => {
    const user = await ctx.newUser({ tenantId: a.tenant });
    const first = await ctx.login(user.userName);
    const second = await ctx.login(user.userName);
    const token = first.res.cookies.find((c) => c.name === 'session')!.value;
    await ctx.database.pool.query(
      `UPDATE user_session SET created_at = now() - interval '8 days', expires_at = now() - interval '1 second' WHERE id = $1`,
      [sessionIdOf(token)],
    );
    const expired = await get('/api/tenantinfo', first.cookie);
    expect(expired.statusCode).toBe(401);
    expect((await get('/api/tenantinfo', second.cookie)).statusCode).toBe(200);
    await ctx.database.pool.query(`UPDATE app_user SET status = 'DISABLED' WHERE id = $1`, [user.id]);
    expect((await get('/api/tenantinfo', second.cookie)).statusCode).toBe(401);
  });

  it('touches last_seen_at at most once a minute', async () => {
    const user = await ctx.newUser({ tenantId: a.tenant });
    const { cookie } = await ctx.login(user.userName);
    const seen = async () => (await ctx.database.pool.query('SELECT last_seen_at FROM user_session WHERE user_id = $1', [user.id])).rows[0].last_seen_at as Date;
    const atLogin = await seen();
    await get('/api/tenantinfo', cookie);
    expect(await seen()).toEqual(atLogin);
    await ctx.database.pool.query(`UPDATE user_session SET last_seen_at = now() - interval '2 minutes' WHERE user_id = $1`, [user.id]);
    const stale = await seen();
    await get('/api/tenantinfo', cookie);
    const touched = await seen();
    expect(touched.getTime()).toBeGreaterThan(stale.getTime() + 60_000);
  });

  it('answers GET /api/sessionData/{id} for the signed-in user only', async () => {
    const user = await ctx.newUser({ tenantId: a.tenant });
    const other = await ctx.newUser({ tenantId: a.tenant });
    const { cookie } = await ctx.login(user.userName);
    const own = await get(`/api/sessionData/${user.id}`, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: user.id, displayId: `U-${String(user.id).padStart(6, '0')}`, userName: user.userName });
    expect((await get(`/api/sessionData/${other.id}`, cookie)).statusCode).toBe(404);
  });

  it('keeps API key and public callers as they were, even with a session cookie', async () => {
    const user = await ctx.newUser({ tenantId: a.tenant });
    const { cookie } = await ctx.login(user.userName);
    const me = await ctx.inject({ method: 'GET', url: '/api/users/me', headers: { cookie, portal: 'PUBLIC', 'public-tenant-id': String(b.tenant) } });
    expect(me.statusCode).toBe(401);
    const info = await get('/api/tenantinfo', cookie, { portal: 'PUBLIC', 'public-tenant-id': String(b.tenant) });
    expect(info.json()).toMatchObject({ id: b.tenant });
    const { key } = await ctx.b.newApiKey(b.tenant);
    const keyed = await get('/api/tenantinfo', cookie, { authorization: `Bearer ${key}` });
    expect(keyed.json()).toMatchObject({ id: b.tenant });
    expect((await ctx.inject({ method: 'GET', url: '/api/users/me' })).statusCode).toBe(401);
  });

  describe("a user of tenant A reading tenant B's resources", () => {
    let cookie: string;
    beforeAll(async () => {
      const user = await ctx.newUser({ tenantId: a.tenant, role: 'admin' });
      cookie = (await ctx.login(user.userName)).cookie;
    });

    it.each([
      ['tenant-by-id', () => `/api/tenant-by-id/${b.tenant}`],
      ['entity', () => `/api/entity/${b.station}`],
      ['entity children', () => `/api/entities/${b.station}/children`],
    ])('%s answers 404', async (_case, url) => {
      expect((await get(url(), cookie)).statusCode).toBe(404);
    });

    it.each([
      ['tenant-by-id', () => `/api/tenant-by-id/${a.tenant}`],
      ['entity', () => `/api/entity/${a.station}`],
    ])('while its own %s answers 200', async (_case, url) => {
      expect((await get(url(), cookie)).statusCode).toBe(200);
    });

    it.each(['/api/data/recent/metric', '/api/data/recentTree/metric'])('data route %s answers 404 for B and 200 for A', async (url) => {
      const post = (entityIds: number[]) =>
        ctx.inject({ method: 'POST', url, headers: { cookie, ...XHR }, payload: { request: { entityIds } } });
      expect((await post([b.station])).statusCode).toBe(404);
      expect((await post([a.station])).statusCode).toBe(200);
    });

    it('data route with tenantIds of B answers 404', async () => {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/data/metric',
        headers: { cookie, ...XHR },
        payload: { request: { tenantIds: [b.tenant], params: [{ name: 'pm' }], duration: '1d-ago', interval: 'hour_1' } },
      });
      expect(res.statusCode).toBe(404);
    });

    it('the entity tree holds A only', async () => {
      const res = await get('/api/entities', cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(`"id":${b.station},`);
    });

    it('a TENANT-ID header naming B is refused with 403', async () => {
      const res = await get('/api/tenantinfo', cookie, { 'tenant-id': String(b.tenant) });
      expect(res.statusCode).toBe(403);
    });
  });

  it('a cookie that was never issued answers 401', async () => {
    const res = await get('/api/tenantinfo', cookieHeader({ cookies: [{ name: 'session', value: 'forged' }] } as never));
    expect(res.statusCode).toBe(401);
  });
});
