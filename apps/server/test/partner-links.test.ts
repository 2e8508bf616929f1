import { describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

/**
 * Site administrators link industries to a partner; the partner's users then read them, list them
 * for manage mode and act for them with TENANT-ID, and lose them again when unlinked.
 */

const ctx = useTestApp();
await ctx.start();

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const t = {
  site: (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id,
  partner: (await ctx.b.newTenant({ name: 'Field Services', type: 'partner' })).id,
  otherPartner: (await ctx.b.newTenant({ name: 'Other Services', type: 'partner' })).id,
  linked: (await ctx.b.newTenant({ name: 'Godavari Steel' })).id,
  unlinked: (await ctx.b.newTenant({ name: 'Tapti Textiles' })).id,
  board: (await ctx.b.newTenant({ name: 'State Board', type: 'statutory' })).id,
};
const linkedStation = (await ctx.b.newEntity({ tenantId: t.linked, name: 'Godavari Stack' })).id;
const unlinkedStation = (await ctx.b.newEntity({ tenantId: t.unlinked, name: 'Tapti Stack' })).id;

const siteAdmin = await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'admin' });
const as = {
  site: siteAdmin.cookie,
  siteSupport: (await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'support' })).cookie,
  partner: (await ctx.signedIn({ tenantId: t.partner, userType: 'partner', role: 'partner' })).cookie,
  partnerUser: (await ctx.signedIn({ tenantId: t.partner, userType: 'partner', role: 'user' })).cookie,
  tenantAdmin: (await ctx.signedIn({ tenantId: t.linked, role: 'admin' })).cookie,
};

const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, cookie: string, headers: Record<string, string> = {}) =>
  ctx.inject({ method, url, headers: { cookie, ...XHR, ...headers } });
const link = (cookie: string, partner = t.partner, tenant = t.linked) => call('PUT', `/api/partners/${partner}/tenants/${tenant}`, cookie);
const unlink = (cookie: string, partner = t.partner, tenant = t.linked) => call('DELETE', `/api/partners/${partner}/tenants/${tenant}`, cookie);
const audit = async () =>
  (await ctx.database.pool.query(`SELECT tenant_id, actor, action, entity, before, after FROM audit_log WHERE action LIKE 'partner%' ORDER BY id`)).rows;
const manageList = async (cookie: string) => (await call('GET', '/api/tenants?manage=true', cookie)).json().items.map((x: { id: number }) => x.id);

describe('partner links', () => {
  it('lets only site administrators link and unlink', async () => {
    for (const cookie of [as.siteSupport, as.partner, as.tenantAdmin]) {
      expect((await link(cookie)).statusCode).toBe(403);
      expect((await unlink(cookie)).statusCode).toBe(403);
    }
    expect(await audit()).toEqual([]);
  });

  it('refuses a partner that cannot act for an unlinked industry', async () => {
    const res = await call('GET', '/api/tenantinfo', as.partner, { 'tenant-id': String(t.linked) });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Godavari');
    expect(await manageList(as.partner)).toEqual([]);
    expect((await call('GET', `/api/entity/${linkedStation}`, as.partner)).statusCode).toBe(404);
  });

  it('links an industry, audited in the partner\'s and the industry\'s logs; linking again changes nothing', async () => {
    const res = await link(as.site);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ partnerId: t.partner, tenants: [{ id: t.linked, name: 'Godavari Steel', type: 'tenant' }] });
    const actor = `user:${siteAdmin.id}`;
    expect(await audit()).toEqual([
      { tenant_id: t.partner, actor, action: 'partnerLink', entity: `tenant:${t.partner}`, before: { partnerId: t.partner, tenantIds: [] }, after: { partnerId: t.partner, tenantIds: [t.linked] } },
      { tenant_id: t.linked, actor, action: 'partnerLink', entity: `tenant:${t.linked}`, before: { tenantId: t.linked, partnerIds: [] }, after: { tenantId: t.linked, partnerIds: [t.partner] } },
    ]);
    expect((await link(as.site)).json().tenants).toHaveLength(1);
    expect(await audit()).toHaveLength(2);
    expect((await call('GET', `/api/partners/${t.partner}/tenants`, as.site)).json()).toEqual(res.json());
  });

  it("gives the partner's users the linked industry: read, manage list and manage mode", async () => {
    expect(await manageList(as.partner)).toEqual([t.linked]);
    expect((await call('GET', `/api/entity/${linkedStation}`, as.partnerUser)).statusCode).toBe(200);
    const acting = await call('GET', '/api/users/me', as.partner, { 'tenant-id': String(t.linked) });
    expect(acting.statusCode).toBe(200);
    expect(acting.json()).toMatchObject({ actingTenantId: t.linked, manage: true, view: 'tenant' });
    expect((await call('GET', '/api/tenantinfo', as.partner, { 'tenant-id': String(t.linked) })).json().id).toBe(t.linked);
    // Still nothing of the industry it is not linked to.
    const other = await call('GET', '/api/tenantinfo', as.partner, { 'tenant-id': String(t.unlinked) });
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('Tapti');
    expect((await call('GET', `/api/entity/${unlinkedStation}`, as.partner)).statusCode).toBe(404);
    // Another partner gains nothing.
    expect((await call('GET', `/api/partners/${t.otherPartner}/tenants`, as.partner)).statusCode).toBe(404);
  });

  it("lets a partner's users read their own partner's links", async () => {
    const res = await call('GET', `/api/partners/${t.partner}/tenants`, as.partnerUser);
    expect(res.statusCode).toBe(200);
    expect(res.json().tenants.map((x: { id: number }) => x.id)).toEqual([t.linked]);
  });

  it('refuses links to what is no partner or no industry', async () => {
    expect((await link(as.site, t.linked, t.unlinked)).statusCode).toBe(404);
    const board = await link(as.site, t.partner, t.board);
    expect(board.statusCode).toBe(400);
    expect(board.json().field).toBe('tenantId');
    expect((await link(as.site, t.partner, t.partner)).statusCode).toBe(400);
    expect((await link(as.site, t.partner, 999_999)).statusCode).toBe(404);
    expect((await call('PUT', `/api/partners/${t.partner}/tenants/abc`, as.site)).json().field).toBe('params.tenantId');
  });

  it('unlinks, after which the partner can no longer act for the industry', async () => {
    const res = await unlink(as.site);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ partnerId: t.partner, tenants: [] });
    expect((await audit()).slice(-2).map((e) => [e.tenant_id, e.action])).toEqual([
      [t.partner, 'partnerUnlink'],
      [t.linked, 'partnerUnlink'],
    ]);
    expect((await call('GET', '/api/tenantinfo', as.partner, { 'tenant-id': String(t.linked) })).statusCode).toBe(403);
    expect(await manageList(as.partner)).toEqual([]);
    expect((await unlink(as.site)).statusCode).toBe(200);
    expect(await audit()).toHaveLength(4);
  });

  it('documents the routes in the OpenAPI document', async () => {
    const { paths } = (await ctx.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(paths['/api/partners/{id}/tenants/{tenantId}']).sort()).toEqual(['delete', 'put']);
    expect(paths['/api/partners/{id}/tenants'].get).toBeDefined();
  });
});
