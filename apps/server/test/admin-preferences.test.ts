import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe('preferences and the audit log', () => {
  const ctx = useTestApp();
  const t = { site: 0, a: 0, b: 0 };
  const as = { site: '', adminA: '', userA: '', adminB: '' };
  const ids = { site: 0, adminA: 0 };

  beforeAll(async () => {
    t.site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
    t.a = (await ctx.b.newTenant({ name: 'Alpha Paper' })).id;
    t.b = (await ctx.b.newTenant({ name: 'Beta Sugar' })).id;
    const site = await ctx.newUser({ tenantId: t.site, userType: 'site', role: 'admin' });
    const adminA = await ctx.newUser({ tenantId: t.a, role: 'admin' });
    ids.site = site.id;
    ids.adminA = adminA.id;
    as.site = (await ctx.login(site.userName)).cookie;
    as.adminA = (await ctx.login(adminA.userName)).cookie;
    as.userA = (await ctx.login((await ctx.newUser({ tenantId: t.a, role: 'user' })).userName)).cookie;
    as.adminB = (await ctx.login((await ctx.newUser({ tenantId: t.b, role: 'admin' })).userName)).cookie;
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.inject({ method, url, headers: { cookie, ...XHR, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

  describe('/api/preferences', () => {
    it('starts empty, then keeps what was set by key, merging later sets', async () => {
      expect((await call('GET', '/api/preferences', as.adminA)).json()).toEqual({});
      const first = await call('POST', '/api/preferences', as.adminA, { REFRESH_DASHBOARD: { value: '1' }, REFRESH_INTERVAL: { value: '5' } });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ REFRESH_DASHBOARD: { value: '1' }, REFRESH_INTERVAL: { value: '5' } });
      await call('POST', '/api/preferences', as.adminA, { REFRESH_INTERVAL: { value: '15' }, THEME: { value: 'dark' } });
      expect((await call('GET', '/api/preferences', as.adminA)).json()).toEqual({
        REFRESH_DASHBOARD: { value: '1' },
        REFRESH_INTERVAL: { value: '15' },
        THEME: { value: 'dark' },
      });
    });

    it("keeps each user's preferences apart, and a site user's apart per tenant acted for", async () => {
      expect((await call('GET', '/api/preferences', as.userA)).json()).toEqual({});
      await call('POST', '/api/preferences', as.site, { REFRESH_INTERVAL: { value: '2' } });
      await call('POST', '/api/preferences', as.site, { REFRESH_INTERVAL: { value: '30' } }, { 'tenant-id': String(t.a) });
      expect((await call('GET', '/api/preferences', as.site)).json()).toEqual({ REFRESH_INTERVAL: { value: '2' } });
      expect((await call('GET', '/api/preferences', as.site, undefined, { 'tenant-id': String(t.a) })).json()).toEqual({
        REFRESH_INTERVAL: { value: '30' },
      });
      expect((await call('GET', '/api/preferences', as.adminB)).json()).toEqual({});
    });

    it.each([
      [{ REFRESH_DASHBOARD: { value: 'yes' } }, 'body.REFRESH_DASHBOARD.value'],
      [{ REFRESH_INTERVAL: { value: '0' } }, 'body.REFRESH_INTERVAL.value'],
      [{ REFRESH_INTERVAL: { value: '1.5' } }, 'body.REFRESH_INTERVAL.value'],
      [{ REFRESH_INTERVAL: { value: '1441' } }, 'body.REFRESH_INTERVAL.value'],
      [{ REFRESH_INTERVAL: {} }, 'body.REFRESH_INTERVAL.value'],
      [{ 'bad key': { value: '1' } }, 'body.bad key'],
      [{}, 'body'],
    ])('refuses %j with 400 naming %s, storing nothing', async (body, field) => {
      const res = await call('POST', '/api/preferences', as.adminB, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
      expect((await call('GET', '/api/preferences', as.adminB)).json()).toEqual({});
    });

    it('refuses callers without a session', async () => {
      expect((await ctx.inject({ method: 'GET', url: '/api/preferences' })).statusCode).toBe(401);
    });
  });

  describe('/api/auditLogs', () => {
    it("lists a tenant admin's own tenant's changes, newest first, with who, what, before and after", async () => {
      await call('PATCH', `/api/tenants/${t.a}`, as.site, [{ op: 'SET', att: 'status', value: 'GRACE' }]);
      const res = await call('GET', '/api/auditLogs?size=2', as.adminA);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page).toMatchObject({ page: 0, size: 2 });
      // Two users created, the admin's preferences set twice, the site user's once acting for A, the status change.
      expect(page.total).toBe(6);
      expect(page.items).toHaveLength(2);
      const [status, prefs] = page.items;
      expect(status).toEqual({
        id: expect.any(Number),
        tenantId: t.a,
        tenantName: 'Alpha Paper',
        actor: `user:${ids.site}`,
        actorUserId: ids.site,
        // The site administrator belongs to a tenant A's admin does not read: no name.
        actorName: null,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        action: 'status',
        entity: `tenant:${t.a}`,
        entityName: 'Alpha Paper',
        before: expect.objectContaining({ id: t.a, status: 'ENABLED' }),
        after: expect.objectContaining({ id: t.a, status: 'GRACE' }),
      });
      expect(prefs).toMatchObject({ tenantId: t.a, action: 'preferences', after: { REFRESH_INTERVAL: { value: '30' } } });
      expect(Date.parse(status.at)).toBeGreaterThanOrEqual(Date.parse(prefs.at));
      const entityOnly = await call('GET', `/api/auditLogs?entity=tenant:${t.a}`, as.site);
      expect(entityOnly.json().items.map((i: { action: string }) => i.action)).toEqual(['status']);
    });

    it("never shows another tenant's changes", async () => {
      const own = (await call('GET', '/api/auditLogs?size=200', as.adminB)).json();
      expect(own.items.length).toBeGreaterThan(0);
      expect(own.items.every((i: { tenantId: number }) => i.tenantId === t.b)).toBe(true);
      const other = await call('GET', `/api/auditLogs?tenantId=${t.a}`, as.adminB);
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain('Alpha');
    });

    it('refuses users who are not administrators, and names bad input', async () => {
      expect((await call('GET', '/api/auditLogs', as.userA)).statusCode).toBe(403);
      const bad = await call('GET', '/api/auditLogs?entity=tenant', as.site);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('querystring.entity');
      expect((await call('GET', '/api/auditLogs?size=500', as.site)).json().field).toBe('querystring.size');
    });
  });
});
