import { describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

/**
 * The CORPORATE-ID header (SPEC 6) narrows a signed-in request to one corporate's tenants where
 * the caller may act for that corporate, and with TENANT-ID the tenant must be one of them.
 */

const ctx = useTestApp();
await ctx.start();

const corporate = async (name: string) =>
  (await ctx.db.insertInto('corporate').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
const c = { kaveri: await corporate('Kaveri Group'), narmada: await corporate('Narmada Industries'), empty: await corporate('Empty Holdings') };
const t = {
  site: (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id,
  k1: (await ctx.b.newTenant({ name: 'Kaveri Paper', corporateId: c.kaveri })).id,
  k2: (await ctx.b.newTenant({ name: 'Kaveri Cement', corporateId: c.kaveri })).id,
  hq: (await ctx.b.newTenant({ name: 'Kaveri HQ', type: 'corporate_admin', corporateId: c.kaveri })).id,
  n1: (await ctx.b.newTenant({ name: 'Narmada Sugar', corporateId: c.narmada })).id,
  lone: (await ctx.b.newTenant({ name: 'Lone Distillery' })).id,
  partner: (await ctx.b.newTenant({ name: 'Field Services', type: 'partner' })).id,
  board: (await ctx.b.newTenant({ name: 'State Board', type: 'statutory' })).id,
};
const n1Station = (await ctx.b.newEntity({ tenantId: t.n1, name: 'Narmada Stack' })).id;
await ctx.db.insertInto('statutory_association').values({ tenant_id: t.n1, statutory_id: t.board }).execute();
await ctx.db.insertInto('partner_tenant').values({ tenant_id: t.n1, partner_id: t.partner }).execute();

const signedIn = async (o: Parameters<typeof ctx.signedIn>[0]) => (await ctx.signedIn(o)).cookie;
const as = {
  site: await signedIn({ tenantId: t.site, userType: 'site', role: 'admin' }),
  corporateAdmin: await signedIn({ tenantId: t.hq, userType: 'corporate_admin', role: 'admin', corporateId: c.kaveri }),
  tenantK1: await signedIn({ tenantId: t.k1, role: 'admin' }),
  tenantLone: await signedIn({ tenantId: t.lone, role: 'admin' }),
  partner: await signedIn({ tenantId: t.partner, userType: 'partner', role: 'partner' }),
  board: await signedIn({ tenantId: t.board, userType: 'statutory', role: 'statutory' }),
};

const get = (url: string, cookie: string, headers: Record<string, string> = {}) => ctx.inject({ method: 'GET', url, headers: { cookie, ...headers } });
/** Ids of the tenants a request reads, every status but deleted. */
const tenantIds = async (cookie: string, headers: Record<string, string>) => {
  const res = await get('/api/tenants?size=200&sort=id&status=ENABLED,DISABLED,TRIAL,GRACE,EXPIRED,DEMO,AWAITED', cookie, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((x: { id: number }) => x.id);
};
const corp = (id: number) => ({ 'corporate-id': String(id) });

describe('CORPORATE-ID', () => {
  it("narrows a site user to any corporate's tenants; an unknown corporate is not found", async () => {
    expect(await tenantIds(as.site, corp(c.kaveri))).toEqual([t.k1, t.k2, t.hq]);
    expect(await tenantIds(as.site, corp(c.narmada))).toEqual([t.n1]);
    expect(await tenantIds(as.site, corp(c.empty))).toEqual([]);
    expect((await get('/api/tenants', as.site, corp(999_999))).statusCode).toBe(404);
    // Without the header, every tenant.
    expect(await tenantIds(as.site, {})).toEqual(Object.values(t).sort((x, y) => x - y));
  });

  it("lets a corporate admin name only their own corporate", async () => {
    expect(await tenantIds(as.corporateAdmin, corp(c.kaveri))).toEqual([t.k1, t.k2, t.hq]);
    const other = await get('/api/tenants', as.corporateAdmin, corp(c.narmada));
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('Narmada Sugar');
    expect((await get('/api/tenants', as.corporateAdmin, corp(c.empty))).statusCode).toBe(403);
  });

  it("leaves a tenant user their own tenant under their tenant's corporate, and refuses any other corporate", async () => {
    expect(await tenantIds(as.tenantK1, corp(c.kaveri))).toEqual([t.k1]);
    expect(await tenantIds(as.tenantK1, { ...corp(c.kaveri), 'tenant-id': String(t.k1) })).toEqual([t.k1]);
    expect((await get('/api/tenants', as.tenantK1, corp(c.narmada))).statusCode).toBe(403);
    expect((await get('/api/tenants', as.tenantLone, corp(c.kaveri))).statusCode).toBe(403);
  });

  it('lets partners and statutory bodies name the corporate of an industry they read, narrowed to it', async () => {
    expect(await tenantIds(as.partner, corp(c.narmada))).toEqual([t.n1]);
    expect((await get('/api/tenants', as.partner, corp(c.kaveri))).statusCode).toBe(403);
    expect(await tenantIds(as.board, corp(c.narmada))).toEqual([t.n1]);
    expect((await get('/api/tenants', as.board, corp(c.kaveri))).statusCode).toBe(403);
  });

  it("with TENANT-ID too, requires the tenant to be the corporate's", async () => {
    const kaveri = await get('/api/tenantinfo', as.site, { ...corp(c.kaveri), 'tenant-id': String(t.k2) });
    expect(kaveri.statusCode).toBe(200);
    expect(kaveri.json()).toMatchObject({ id: t.k2, name: 'Kaveri Cement' });
    const outside = await get('/api/tenantinfo', as.site, { ...corp(c.kaveri), 'tenant-id': String(t.n1) });
    expect(outside.statusCode).toBe(403);
    expect(outside.body).not.toContain('Narmada Sugar');
    expect((await get('/api/tenantinfo', as.corporateAdmin, { ...corp(c.kaveri), 'tenant-id': String(t.k1) })).json().id).toBe(t.k1);
    expect((await get('/api/tenantinfo', as.tenantK1, { ...corp(c.narmada), 'tenant-id': String(t.k1) })).statusCode).toBe(403);
  });

  it("keeps another corporate's data out of reach under the scope", async () => {
    expect((await get(`/api/entity/${n1Station}`, as.site)).statusCode).toBe(200);
    const scoped = await get(`/api/entity/${n1Station}`, as.site, corp(c.kaveri));
    expect(scoped.statusCode).toBe(404);
    expect(scoped.body).not.toContain('Narmada');
    expect((await get('/api/corporates', as.site, corp(c.kaveri))).json()).toEqual([{ id: c.kaveri, name: 'Kaveri Group', tenantCount: 3 }]);
  });

  it('ignores an empty header, refuses one that is no id (400 naming it), and is ignored for API keys', async () => {
    expect(await tenantIds(as.tenantK1, { 'corporate-id': '' })).toEqual([t.k1]);
    const bad = await get('/api/tenants', as.tenantK1, { 'corporate-id': 'kaveri' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('CORPORATE-ID');
    const key = (await ctx.b.newApiKey(t.k1)).key;
    const res = await ctx.inject({ method: 'GET', url: '/api/tenantinfo', headers: { authorization: `Bearer ${key}`, ...corp(c.narmada) } });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(t.k1);
  });
});
