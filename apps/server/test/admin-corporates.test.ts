import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

describe('corporates', () => {
  const ctx = useTestApp();
  const c = { kaveri: 0, narmada: 0, empty: 0 };
  const t = { site: 0, a1: 0, a2: 0, b: 0, hq: 0 };
  const as = { site: '', tenantA1: '', corporateAdmin: '' };

  beforeAll(async () => {
    const corporate = async (name: string) =>
      (await ctx.db.insertInto('corporate').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
    c.kaveri = await corporate('Kaveri Group');
    c.narmada = await corporate('Narmada Industries');
    c.empty = await corporate('Empty Holdings');
    t.site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
    t.a1 = (await ctx.b.newTenant({ name: 'Kaveri Paper', corporateId: c.kaveri })).id;
    t.a2 = (await ctx.b.newTenant({ name: 'Kaveri Cement', corporateId: c.kaveri, city: 'Ariyalur' })).id;
    await ctx.b.newTenant({ name: 'Kaveri Closed', corporateId: c.kaveri, status: 'DELETED' });
    t.b = (await ctx.b.newTenant({ name: 'Narmada Sugar', corporateId: c.narmada })).id;
    t.hq = (await ctx.b.newTenant({ name: 'Kaveri HQ', type: 'corporate_admin', corporateId: c.kaveri })).id;
    const site = await ctx.newUser({ tenantId: t.site, userType: 'site', role: 'admin' });
    const tenantA1 = await ctx.newUser({ tenantId: t.a1, role: 'admin' });
    const corporateAdmin = await ctx.newUser({ tenantId: t.hq, userType: 'corporate_admin', role: 'admin', corporateId: c.kaveri });
    as.site = (await ctx.login(site.userName)).cookie;
    as.tenantA1 = (await ctx.login(tenantA1.userName)).cookie;
    as.corporateAdmin = (await ctx.login(corporateAdmin.userName)).cookie;
  });

  const get = (url: string, cookie: string) => ctx.inject({ method: 'GET', url, headers: { cookie } });

  it('lists every corporate for a site user, counting tenants that are not deleted', async () => {
    const res = await get('/api/corporates', as.site);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: c.empty, name: 'Empty Holdings', tenantCount: 0 },
      { id: c.kaveri, name: 'Kaveri Group', tenantCount: 3 },
      { id: c.narmada, name: 'Narmada Industries', tenantCount: 1 },
    ]);
  });

  it("lists only the corporates of the caller's tenants for anyone else", async () => {
    expect((await get('/api/corporates', as.tenantA1)).json()).toEqual([{ id: c.kaveri, name: 'Kaveri Group', tenantCount: 1 }]);
    expect((await get('/api/corporates', as.corporateAdmin)).json()).toEqual([{ id: c.kaveri, name: 'Kaveri Group', tenantCount: 3 }]);
  });

  it("lists a corporate's tenants within the caller's reach", async () => {
    const res = await get(`/api/corporateTenants?corporateId=${c.kaveri}`, as.corporateAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { name: string }) => x.name)).toEqual(['Kaveri Cement', 'Kaveri HQ', 'Kaveri Paper']);
    expect(res.json()[0]).toEqual({
      id: t.a2,
      name: 'Kaveri Cement',
      status: 'ENABLED',
      type: 'tenant',
      monitoredUnits: 0,
      corporate: { id: c.kaveri, name: 'Kaveri Group' },
      corporateId: c.kaveri,
      displayId: `T-${String(t.a2).padStart(6, '0')}`,
      state: null,
      city: 'Ariyalur',
      industryCategory: null,
    });
    expect((await get(`/api/corporateTenants?corporateId=${c.kaveri}`, as.tenantA1)).json().map((x: { id: number }) => x.id)).toEqual([t.a1]);
  });

  it("answers 404 for a corporate none of whose tenants the caller may read, and 400 naming a bad id", async () => {
    const res = await get(`/api/corporateTenants?corporateId=${c.narmada}`, as.tenantA1);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Narmada Sugar');
    const bad = await get('/api/corporateTenants?corporateId=abc', as.site);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('querystring.corporateId');
    expect((await get('/api/corporateTenants', as.site)).json().field).toBe('querystring.corporateId');
  });

  it("answers a tenant's corporate, null without one, 404 for another tenant's", async () => {
    expect((await get(`/api/getCorporateForTenant/${t.a1}`, as.tenantA1)).json()).toEqual({
      tenantId: t.a1,
      corporate: { id: c.kaveri, name: 'Kaveri Group', tenantCount: 1 },
    });
    expect((await get(`/api/getCorporateForTenant/${t.site}`, as.site)).json()).toEqual({ tenantId: t.site, corporate: null });
    const other = await get(`/api/getCorporateForTenant/${t.b}`, as.tenantA1);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Narmada');
    expect((await get('/api/getCorporateForTenant/0', as.site)).json().field).toBe('params.id');
  });

  it('refuses callers without a session', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/corporates' })).statusCode).toBe(401);
  });
});
