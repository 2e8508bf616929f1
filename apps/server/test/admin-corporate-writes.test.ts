import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

describe('corporate administration', () => {
  const ctx = useTestApp();
  const t = { site: 0, a: 0, b: 0 };
  const c = { kaveri: 0 };
  const as = { siteAdmin: '', siteSupport: '', tenantAdmin: '' };
  let siteAdminId = 0;

  beforeAll(async () => {
    c.kaveri = (await ctx.db.insertInto('corporate').values({ name: 'Kaveri Group' }).returning('id').executeTakeFirstOrThrow()).id;
    t.site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
    t.a = (await ctx.b.newTenant({ name: 'Kaveri Paper', corporateId: c.kaveri })).id;
    t.b = (await ctx.b.newTenant({ name: 'Godavari Steel' })).id;
    const siteAdmin = await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'admin' });
    siteAdminId = siteAdmin.id;
    as.siteAdmin = siteAdmin.cookie;
    as.siteSupport = (await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'support' })).cookie;
    as.tenantAdmin = (await ctx.signedIn({ tenantId: t.a, role: 'admin' })).cookie;
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    ctx.inject({ method, url, headers: { cookie, ...XHR }, ...(payload ? { payload } : {}) });
  const auditOf = async (id: number) =>
    (
      await ctx.database.pool.query('SELECT tenant_id, actor, action, before, after FROM audit_log WHERE entity = $1 ORDER BY id', [
        `corporate:${id}`,
      ])
    ).rows;

  it('creates a corporate with contact details, audited in the administrator\'s tenant', async () => {
    const res = await call('POST', '/api/corporates', as.siteAdmin, {
      name: '  Narmada Industries ',
      contactEmail: 'ops@narmada.example.in',
      contactPhone: '+91 98765 43210',
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Narmada Industries',
      tenantCount: 0,
      contactEmail: 'ops@narmada.example.in',
      contactPhone: '+91 98765 43210',
    });
    expect(await auditOf(created.id)).toEqual([
      { tenant_id: t.site, actor: `user:${siteAdminId}`, action: 'create', before: null, after: created },
    ]);
    expect((await call('GET', `/api/corporates/${created.id}`, as.siteAdmin)).json()).toEqual(created);
  });

  it('refuses a name another corporate has in any case with 409, and bad fields with 400 naming them', async () => {
    const dup = await call('POST', '/api/corporates', as.siteAdmin, { name: 'KAVERI group' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().field).toBe('name');
    const email = await call('POST', '/api/corporates', as.siteAdmin, { name: 'Tapi Mills', contactEmail: 'not-an-email' });
    expect(email.statusCode).toBe(400);
    expect(email.json().field).toBe('body.contactEmail');
    const empty = await call('POST', '/api/corporates', as.siteAdmin, { name: '   ' });
    expect(empty.json().field).toBe('body.name');
  });

  it('updates a corporate, recording before and after; another corporate\'s name answers 409', async () => {
    const res = await call('PUT', `/api/corporates/${c.kaveri}`, as.siteAdmin, { name: 'Kaveri Group Ltd', contactPhone: '044 2345 6789' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: c.kaveri, name: 'Kaveri Group Ltd', tenantCount: 1, contactEmail: null, contactPhone: '044 2345 6789' });
    const [entry] = await auditOf(c.kaveri);
    expect(entry).toMatchObject({ action: 'update', before: { name: 'Kaveri Group', contactPhone: null }, after: res.json() });
    // Keeping its own name in another case is no clash.
    expect((await call('PUT', `/api/corporates/${c.kaveri}`, as.siteAdmin, { name: 'KAVERI GROUP LTD' })).statusCode).toBe(200);
    const clash = await call('PUT', `/api/corporates/${c.kaveri}`, as.siteAdmin, { name: 'narmada industries' });
    expect(clash.statusCode).toBe(409);
    expect((await call('PUT', '/api/corporates/999999', as.siteAdmin, { name: 'Nobody' })).statusCode).toBe(404);
  });

  it('lets only site administrators write', async () => {
    for (const cookie of [as.siteSupport, as.tenantAdmin]) {
      expect((await call('POST', '/api/corporates', cookie, { name: 'Sneaky Corp' })).statusCode).toBe(403);
      expect((await call('PUT', `/api/corporates/${c.kaveri}`, cookie, { name: 'Sneaky Corp' })).statusCode).toBe(403);
    }
    const names = (await ctx.database.pool.query('SELECT name FROM corporate')).rows.map((r) => r.name);
    expect(names).not.toContain('Sneaky Corp');
  });

  it('pages, searches and sorts corporates on the server', async () => {
    for (const name of ['Alpha Holdings', 'Beta Holdings', 'Gamma Holdings']) {
      expect((await call('POST', '/api/corporates', as.siteAdmin, { name })).statusCode).toBe(201);
    }
    const first = (await call('GET', '/api/corporates/page?searchString=holdings&size=2&sort=name&order=desc', as.siteAdmin)).json();
    expect(first.total).toBe(3);
    expect(first.items.map((x: { name: string }) => x.name)).toEqual(['Gamma Holdings', 'Beta Holdings']);
    const second = (await call('GET', '/api/corporates/page?searchString=holdings&size=2&page=1&sort=name&order=desc', as.siteAdmin)).json();
    expect(second.items.map((x: { name: string }) => x.name)).toEqual(['Alpha Holdings']);
    const byCount = (await call('GET', '/api/corporates?sort=tenantCount&order=desc', as.siteAdmin)).json();
    expect(byCount[0]).toMatchObject({ id: c.kaveri, tenantCount: 1 });
    // Wildcards are searched for as text.
    expect((await call('GET', '/api/corporates/page?searchString=%25', as.siteAdmin)).json().total).toBe(0);
    // A tenant user sees only its own tenant's corporate, paged or not, and no other by id.
    expect((await call('GET', '/api/corporates/page', as.tenantAdmin)).json()).toMatchObject({ total: 1, items: [{ id: c.kaveri }] });
    const narmada = (await call('GET', '/api/corporates?searchString=narmada', as.siteAdmin)).json()[0];
    expect((await call('GET', `/api/corporates/${narmada.id}`, as.tenantAdmin)).statusCode).toBe(404);
    expect((await call('GET', '/api/corporates/page?sort=city', as.siteAdmin)).json().field).toBe('querystring.sort');
  });
});
