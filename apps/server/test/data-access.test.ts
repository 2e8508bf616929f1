import { beforeAll, describe, expect, it } from 'vitest';
import { insertReadings, post } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

const T = Date.parse('2024-03-10T00:00:00Z');
const window = { startDate: '2024-03-10T00:00:00Z', endDate: '2024-03-10T01:00:00Z', timezone: 'UTC' };

describe('data requests: tenant isolation', () => {
  const ctx = useTestApp();
  const t: Record<'a' | 'b' | 'c', { id: number; station: number; key: string }> = {} as never;

  beforeAll(async () => {
    for (const [name, status] of [['a', 'ENABLED'], ['b', 'ENABLED'], ['c', 'DISABLED']] as const) {
      const { id } = await ctx.b.newTenant({ status });
      const { id: station } = await ctx.b.newEntity({ tenantId: id });
      const device = await ctx.b.newDevice({ tenantId: id, entityId: station });
      await insertReadings(ctx.database, id, device.id, [{ ts: T, vals: [name === 'a' ? 1 : 2, null] }]);
      await ctx.database.pool.query('INSERT INTO series_latest VALUES ($1, $2, 1, now(), 3)', [id, device.id]);
      t[name] = { id, station, key: (await ctx.b.newApiKey(id)).key };
    }
  });

  const urls = ['/api/data/metric', '/api/data/entityMetric', '/api/data/recent/metric', '/api/data/recentTree/metric', '/api/rawdata/metric'];
  const bodyFor = (url: string, request: object) =>
    url.includes('recent') ? request : { ...request, ...window, ...(url.includes('rawdata') ? {} : { params: [{ name: 'pm' }], interval: 'hour_1' }) };

  it.each(urls)("%s: another tenant's entity answers 404 with no data", async (url) => {
    for (const entityIds of [[t.b.station], [t.a.station, t.b.station]]) {
      const res = await post(ctx.app, url, t.a.key, bodyFor(url, { entityIds }));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: `No Node with id= ${t.b.station} exists` });
    }
    const res = await post(ctx.app, url, t.a.key, bodyFor(url, { tenantIds: [t.b.id] }));
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"value"');
  });

  it("reads only the caller's tenant in the tenant variant", async () => {
    const res = await post(ctx.app, '/api/data/metric', t.a.key, bodyFor('/api/data/metric', {}));
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { entityId: number; data: unknown }) => [r.entityId, r.data])).toEqual([[t.a.station, [{ time: T, value: 1 }]]]);
  });

  it('lets a public caller read public tenants only', async () => {
    const asPublic = (tenantId: number, entityIds: number[]) =>
      ctx.inject({
        method: 'POST',
        url: '/api/data/metric',
        headers: { portal: 'PUBLIC', 'public-tenant-id': String(tenantId) },
        payload: { request: bodyFor('/api/data/metric', { entityIds }) },
      });
    const own = await asPublic(t.a.id, [t.a.station]);
    expect(own.statusCode).toBe(200);
    expect(own.json()[0].data).toEqual([{ time: T, value: 1 }]);
    expect((await asPublic(t.a.id, [t.b.station])).statusCode).toBe(404);
    // A disabled tenant is not public, even to its own portal id.
    expect((await asPublic(t.c.id, [t.c.station])).statusCode).toBe(404);
  });

  it('refuses callers without credentials', async () => {
    const res = await ctx.inject({ method: 'POST', url: '/api/data/metric', payload: { request: bodyFor('/api/data/metric', { entityIds: [t.a.station] }) } });
    expect(res.statusCode).toBe(401);
  });
});
