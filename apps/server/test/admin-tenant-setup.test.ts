import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe('statutory association and licence counts', () => {
  const ctx = useTestApp();
  const t = { site: 0, rspcb: 0, cgwa: 0, a: 0, b: 0 };
  const as = { site: '', tenantA: '', tenantB: '' };
  let siteAdminId = 0;

  beforeAll(async () => {
    t.site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
    t.rspcb = (await ctx.b.newTenant({ name: 'Rajasthan Board', type: 'statutory' })).id;
    t.cgwa = (await ctx.b.newTenant({ name: 'Central Ground Water Authority', type: 'cgwa' })).id;
    t.a = (await ctx.b.newTenant({ name: 'Alpha Cement', statutoryIds: [t.rspcb] })).id;
    t.b = (await ctx.b.newTenant({ name: 'Beta Zinc' })).id;
    await ctx.b.newEntity({ tenantId: t.a, type: 'cems' });
    await ctx.b.newEntity({ tenantId: t.a, type: 'cems' });
    await ctx.b.newEntity({ tenantId: t.a, type: 'Ash' });
    await ctx.b.newEntity({ tenantId: t.a, type: 'group' });
    const site = await ctx.newUser({ tenantId: t.site, userType: 'site', role: 'admin' });
    siteAdminId = site.id;
    as.site = (await ctx.login(site.userName)).cookie;
    as.tenantA = (await ctx.login((await ctx.newUser({ tenantId: t.a, role: 'admin' })).userName)).cookie;
    as.tenantB = (await ctx.login((await ctx.newUser({ tenantId: t.b, role: 'admin' })).userName)).cookie;
  });

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    ctx.inject({ method, url, headers: { cookie, ...XHR }, ...(payload ? { payload } : {}) });
  const auditOf = async (tenantId: number, action: string) =>
    (await ctx.database.pool.query(`SELECT actor, before, after FROM audit_log WHERE tenant_id = $1 AND action = $2 ORDER BY id`, [tenantId, action])).rows;

  describe('/api/statutory/{tenantId}', () => {
    it('answers the bodies an industry reports to, to anyone who may read it', async () => {
      const expected = { tenantId: t.a, statutory: [{ id: t.rspcb, name: 'Rajasthan Board', type: 'statutory' }] };
      expect((await call('GET', `/api/statutory/${t.a}`, as.tenantA)).json()).toEqual(expected);
      expect((await call('GET', `/api/statutory/${t.a}`, as.site)).json()).toEqual(expected);
    });

    it("answers 404 for another tenant's association", async () => {
      const res = await call('GET', `/api/statutory/${t.a}`, as.tenantB);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Rajasthan');
    });

    it('replaces the set for a site admin and audits before and after', async () => {
      const res = await call('POST', `/api/statutory/${t.a}`, as.site, { statutoryIds: [t.cgwa, t.rspcb] });
      expect(res.statusCode).toBe(200);
      const after = {
        tenantId: t.a,
        statutory: [
          { id: t.cgwa, name: 'Central Ground Water Authority', type: 'cgwa' },
          { id: t.rspcb, name: 'Rajasthan Board', type: 'statutory' },
        ],
      };
      expect(res.json()).toEqual(after);
      expect(await auditOf(t.a, 'statutory')).toEqual([
        { actor: `user:${siteAdminId}`, before: { tenantId: t.a, statutory: [after.statutory[1]] }, after },
      ]);
    });

    it.each([
      [() => ({ statutoryIds: [t.b] }), 'statutoryIds'],
      [() => ({ statutoryIds: ['x'] }), 'body.statutoryIds.0'],
      [() => ({}), 'body.statutoryIds'],
    ])('answers 400 naming the field (%#)', async (body, field) => {
      const res = await call('POST', `/api/statutory/${t.b}`, as.site, body());
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    });

    it('refuses a tenant admin, changing nothing', async () => {
      expect((await call('POST', `/api/statutory/${t.a}`, as.tenantA, { statutoryIds: [] })).statusCode).toBe(403);
      expect((await call('POST', `/api/statutory/${t.b}`, as.tenantA, { statutoryIds: [t.rspcb] })).statusCode).toBe(403);
      expect(await auditOf(t.b, 'statutory')).toEqual([]);
      expect((await call('GET', `/api/statutory/${t.b}`, as.site)).json()).toEqual({ tenantId: t.b, statutory: [] });
    });
  });

  describe('/api/licenseCount/{tenantId}', () => {
    it('counts stations in use by type before any licence', async () => {
      const res = await call('GET', `/api/licenseCount/${t.a}`, as.tenantA);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        tenantId: t.a,
        counts: [
          { stationType: 'Ash', licensed: 0, used: 1 },
          { stationType: 'cems', licensed: 0, used: 2 },
        ],
      });
    });

    it('sets licensed counts for a site admin, keeping unnamed types, and audits', async () => {
      await call('POST', `/api/licenseCount/${t.a}`, as.site, { counts: [{ stationType: 'cems', licensed: 3 }, { stationType: 'caaqms', licensed: 1 }] });
      const res = await call('POST', `/api/licenseCount/${t.a}`, as.site, { counts: [{ stationType: 'caaqms', licensed: 2 }] });
      expect(res.statusCode).toBe(200);
      const after = {
        tenantId: t.a,
        counts: [
          { stationType: 'Ash', licensed: 0, used: 1 },
          { stationType: 'caaqms', licensed: 2, used: 0 },
          { stationType: 'cems', licensed: 3, used: 2 },
        ],
      };
      expect(res.json()).toEqual(after);
      expect((await call('GET', `/api/licenseCount/${t.a}`, as.tenantA)).json()).toEqual(after);
      const audits = await auditOf(t.a, 'licenseCount');
      expect(audits).toHaveLength(2);
      expect(audits[1]).toEqual({
        actor: `user:${siteAdminId}`,
        before: { tenantId: t.a, counts: [after.counts[0], { ...after.counts[1], licensed: 1 }, after.counts[2]] },
        after,
      });
    });

    it.each([
      [{ counts: [{ stationType: 'group', licensed: 1 }] }, 'body.counts.0.stationType'],
      [{ counts: [{ stationType: 'cems', licensed: -1 }] }, 'body.counts.0.licensed'],
      [{ counts: [{ stationType: 'cems', licensed: 1 }, { stationType: 'cems', licensed: 2 }] }, 'body.counts'],
      [{ counts: [] }, 'body.counts'],
    ])('answers 400 for %j naming %s', async (body, field) => {
      const res = await call('POST', `/api/licenseCount/${t.a}`, as.site, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe(field);
    });

    it("refuses another tenant's counts and writes by non-admins", async () => {
      const read = await call('GET', `/api/licenseCount/${t.a}`, as.tenantB);
      expect(read.statusCode).toBe(404);
      expect(read.body).not.toContain('cems');
      const write = await call('POST', `/api/licenseCount/${t.b}`, as.tenantB, { counts: [{ stationType: 'cems', licensed: 9 }] });
      expect(write.statusCode).toBe(403);
      expect((await call('GET', `/api/licenseCount/${t.b}`, as.tenantB)).json()).toEqual({ tenantId: t.b, counts: [] });
      expect((await call('GET', '/api/licenseCount/999999', as.site)).statusCode).toBe(404);
    });
  });
});
