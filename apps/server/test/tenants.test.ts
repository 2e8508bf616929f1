import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

describe('tenant routes', () => {
  const ctx = useTestApp();
  let corporateId: number;
  let a: number;
  let other: number;
  let keyA: string;
  let board: number;
  let trial: number;
  let grace: number;
  let expired: number;
  let hidden: number;

  beforeAll(async () => {
    corporateId = (await ctx.db.insertInto('corporate').values({ name: 'Shree Group' }).returning('id').executeTakeFirstOrThrow()).id;
    a = (
      await ctx.b.newTenant({
        name: 'Shree Cement, Beawar',
        corporateId,
        monitoredUnits: 4,
        industryCategory: 'Cement',
        state: 'Rajasthan',
        city: 'Beawar',
      })
    ).id;
    other = (await ctx.b.newTenant({ name: 'Other Industry' })).id;
    keyA = (await ctx.b.newApiKey(a)).key;
    board = (await ctx.b.newTenant({ name: 'RSPCB', type: 'statutory' })).id;
    trial = (await ctx.b.newTenant({ name: 'Trial Mill', status: 'TRIAL', statutoryIds: [board] })).id;
    grace = (await ctx.b.newTenant({ name: 'Grace Mill', status: 'GRACE', statutoryIds: [board] })).id;
    expired = (await ctx.b.newTenant({ name: 'Expired Mill', status: 'EXPIRED', statutoryIds: [board] })).id;
    hidden = (await ctx.b.newTenant({ name: 'Disabled Mill', status: 'DISABLED' })).id;
  });

  const get = (url: string, headers: Record<string, string>) => ctx.inject({ method: 'GET', url, headers });
  const asKey = (url: string) => get(url, { authorization: `Bearer ${keyA}` });
  const asPublic = (url: string, publicTenantId: number) => get(url, { portal: 'PUBLIC', 'public-tenant-id': String(publicTenantId) });

  const infoOfA = () => ({
    id: a,
    name: 'Shree Cement, Beawar',
    status: 'ENABLED',
    type: 'tenant',
    monitoredUnits: 4,
    corporate: { id: corporateId, name: 'Shree Group' },
    corporateId,
    displayId: `T-${String(a).padStart(6, '0')}`,
    state: 'Rajasthan',
    city: 'Beawar',
    industryCategory: 'Cement',
  });

  describe('GET /api/tenantinfo', () => {
    it("answers the API key's tenant", async () => {
      const res = await asKey('/api/tenantinfo');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(infoOfA());
    });

    it("answers the public portal's tenant, without a corporate when it has none", async () => {
      const res = await asPublic('/api/tenantinfo', trial);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        id: trial,
        name: 'Trial Mill',
        status: 'TRIAL',
        type: 'tenant',
        monitoredUnits: 0,
        corporate: null,
        corporateId: null,
        displayId: `T-${String(trial).padStart(6, '0')}`,
        state: null,
        city: null,
        industryCategory: null,
      });
    });

    it('answers a statutory public id with the statutory body', async () => {
      const res = await asPublic('/api/tenantinfo', board);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: board, name: 'RSPCB', type: 'statutory' });
    });

    it.each([
      ['DISABLED', () => hidden],
      ['EXPIRED', () => expired],
    ])('answers 404 to the public portal of a %s tenant', async (_status, id) => {
      const res = await asPublic('/api/tenantinfo', id());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: `No tenant with id= ${id()} exists` });
    });

    it('refuses callers without credentials', async () => {
      expect((await get('/api/tenantinfo', {})).statusCode).toBe(401);
    });
  });

  describe('GET /api/tenant-by-id/{tenantId}', () => {
    it('answers a tenant the API key may read', async () => {
      const res = await asKey(`/api/tenant-by-id/${a}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(infoOfA());
    });

    it.each([
      ['another tenant', () => other],
      ['a tenant that does not exist', () => 987654],
    ])('answers 404 for %s, so ids are not confirmed', async (_what, id) => {
      const res = await asKey(`/api/tenant-by-id/${id()}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(`No tenant with id= ${id()} exists`);
    });

    it('opens the ENABLED, TRIAL and GRACE industries of a statutory public id, not the others', async () => {
      expect((await asPublic(`/api/tenant-by-id/${trial}`, board)).json()).toMatchObject({ id: trial, status: 'TRIAL' });
      expect((await asPublic(`/api/tenant-by-id/${grace}`, board)).json()).toMatchObject({ id: grace, status: 'GRACE' });
      expect((await asPublic(`/api/tenant-by-id/${expired}`, board)).statusCode).toBe(404);
      expect((await asPublic(`/api/tenant-by-id/${a}`, board)).statusCode).toBe(404);
    });

    it("keeps an industry's public id to that industry", async () => {
      expect((await asPublic(`/api/tenant-by-id/${trial}`, trial)).statusCode).toBe(200);
      expect((await asPublic(`/api/tenant-by-id/${grace}`, trial)).statusCode).toBe(404);
      expect((await asPublic(`/api/tenant-by-id/${board}`, trial)).statusCode).toBe(404);
    });

    it.each(['abc', '0', '-3', '1.5'])('answers 400 naming the field for tenantId %j', async (id) => {
      const res = await asKey(`/api/tenant-by-id/${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, field: 'params.tenantId' });
    });

    it('refuses callers without credentials', async () => {
      expect((await get(`/api/tenant-by-id/${a}`, {})).statusCode).toBe(401);
    });
  });
});
