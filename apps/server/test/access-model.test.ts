import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

/** The tenants each user type reads, and manage mode through TENANT-ID, against real sessions. */
describe('user access by type', () => {
  const ctx = useTestApp();
  const ids = { site: 0, partner: 0, board: 0, otherBoard: 0, industry: 0, associated: 0, unassociated: 0, deleted: 0, corporateAdmin: 0 };
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    ids.site = (await ctx.b.newTenant({ type: 'site', name: 'Operator' })).id;
    ids.partner = (await ctx.b.newTenant({ type: 'partner' })).id;
    ids.board = (await ctx.b.newTenant({ type: 'statutory', name: 'Rajasthan SPCB' })).id;
    ids.otherBoard = (await ctx.b.newTenant({ type: 'statutory' })).id;
    ids.industry = (await ctx.b.newTenant()).id;
    ids.associated = (await ctx.b.newTenant({ statutoryIds: [ids.board], status: 'DISABLED' })).id;
    ids.unassociated = (await ctx.b.newTenant({ statutoryIds: [ids.otherBoard] })).id;
    ids.deleted = (await ctx.b.newTenant({ statutoryIds: [ids.board], status: 'DELETED' })).id;
    const { rows } = await ctx.database.pool.query<{ id: number }>(`INSERT INTO corporate (name) VALUES ('Shree Group') RETURNING id`);
    const corporateId = rows[0]!.id;
    await ctx.database.pool.query('UPDATE tenant SET corporate_id = $1 WHERE id IN ($2, $3)', [corporateId, ids.industry, ids.associated]);
    ids.corporateAdmin = (await ctx.b.newTenant({ type: 'corporate_admin', corporateId })).id;

    const users = [
      ['site', ids.site, 'site', 'operations', undefined],
      ['partner', ids.partner, 'partner', 'admin', undefined],
      ['statutory', ids.board, 'statutory', 'user', undefined],
      ['tenant', ids.industry, 'tenant', 'admin', undefined],
      ['corporate_admin', ids.corporateAdmin, 'corporate_admin', 'admin', corporateId],
    ] as const;
    for (const [key, tenantId, userType, role, corporate] of users) {
      const user = await ctx.newUser({ tenantId, userType, role, ...(corporate ? { corporateId: corporate } : {}) });
      cookies[key] = (await ctx.login(user.userName)).cookie;
    }
  });

  const status = async (who: string, tenant: number, headers: Record<string, string> = {}) =>
    (await ctx.inject({ method: 'GET', url: `/api/tenant-by-id/${tenant}`, headers: { cookie: cookies[who]!, ...headers } })).statusCode;

  it.each([
    ['site', 'industry', 200],
    ['site', 'unassociated', 200],
    ['site', 'board', 200],
    ['site', 'deleted', 404],
    ['statutory', 'board', 200],
    ['statutory', 'associated', 200],
    ['statutory', 'unassociated', 404],
    ['statutory', 'deleted', 404],
    ['tenant', 'industry', 200],
    ['tenant', 'associated', 404],
    ['partner', 'partner', 200],
    ['partner', 'industry', 404],
    ['corporate_admin', 'industry', 200],
    ['corporate_admin', 'associated', 200],
    ['corporate_admin', 'unassociated', 404],
  ] as const)('a %s user reading the %s tenant: %d', async (who, tenant, expected) => {
    expect(await status(who, ids[tenant])).toBe(expected);
  });

  it('a site user acting as a tenant is in manage mode, narrowed to that tenant, in the tenant view', async () => {
    const headers = { cookie: cookies.site!, 'tenant-id': String(ids.industry) };
    const me = await ctx.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(me.json()).toMatchObject({ userType: 'site', actingTenantId: ids.industry, manage: true, view: 'tenant', tenant: { id: ids.site } });
    const info = await ctx.inject({ method: 'GET', url: '/api/tenantinfo', headers });
    expect(info.json()).toMatchObject({ id: ids.industry });
    expect(await status('site', ids.unassociated, { 'tenant-id': String(ids.industry) })).toBe(404);
    const home = await ctx.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: cookies.site! } });
    expect(home.json()).toMatchObject({ actingTenantId: ids.site, manage: false, view: 'site' });
  });

  it('a statutory user naming an associated industry reads it alone, without manage mode', async () => {
    const headers = { cookie: cookies.statutory!, 'tenant-id': String(ids.associated) };
    const me = await ctx.inject({ method: 'GET', url: '/api/users/me', headers });
    expect(me.json()).toMatchObject({ actingTenantId: ids.associated, manage: false, view: 'statutory' });
    expect(await status('statutory', ids.board, { 'tenant-id': String(ids.associated) })).toBe(404);
  });

  it.each([
    ['statutory', 'unassociated', 403],
    ['tenant', 'associated', 403],
    ['partner', 'industry', 403],
    ['site', 'deleted', 403],
  ] as const)('a %s user naming the %s tenant in TENANT-ID is refused %d', async (who, tenant, expected) => {
    expect(await status(who, ids.industry, { 'tenant-id': String(ids[tenant]) })).toBe(expected);
  });

  it.each(['abc', '-3', '1.5'])('a TENANT-ID of %j answers 400 naming the header', async (value) => {
    const res = await ctx.inject({ method: 'GET', url: '/api/tenantinfo', headers: { cookie: cookies.tenant!, 'tenant-id': value } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('TENANT-ID');
  });
});
