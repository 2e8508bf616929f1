import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

describe('GET /api/allMetaStdParams', () => {
  const ctx = useTestApp();
  let apiKey: string;
  let publicTenantId: number;
  let hiddenTenantId: number;

  beforeAll(async () => {
    const tenant = await ctx.b.newTenant();
    apiKey = (await ctx.b.newApiKey(tenant.id)).key;
    publicTenantId = (await ctx.b.newTenant({ status: 'TRIAL' })).id;
    hiddenTenantId = (await ctx.b.newTenant({ status: 'DISABLED' })).id;
  });

  const get = (headers: Record<string, string>) => ctx.inject({ method: 'GET', url: '/api/allMetaStdParams', headers });

  it('lists the whole catalogue by name, with every field of SPEC 3', async () => {
    const res = await get({ authorization: `Bearer ${apiKey}` });
    expect(res.statusCode).toBe(200);
    const params = res.json() as { name: string }[];
    // Every row of the catalogue the migrations keep (38 of SPEC 3, and the energy registers' kWh).
    const catalogue = await ctx.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM std_param');
    expect(params).toHaveLength(catalogue.rows[0]!.n);
    expect(params.map((p) => p.name)).toContain('kwh_register');
    expect(params.map((p) => p.name)).toEqual([...params.map((p) => p.name)].sort());
    const byName = new Map(params.map((p) => [p.name, p]));
    expect(byName.get('pm')).toEqual({
      id: expect.any(Number),
      name: 'pm',
      label: 'PM',
      paramMetric: 'pm',
      metricAgg: 'avg',
      metricDownsampleAgg: 'avg',
      showWidget: true,
      virtual: false,
      stdUnit: 'mg/Nm3',
      isConversion: false,
      widgetName: null,
    });
    expect(byName.get('flow')).toMatchObject({ metricAgg: 'sum', metricDownsampleAgg: 'avg', isConversion: true, stdUnit: 'm3/hr' });
    expect(byName.get('wind_direction')).toMatchObject({ metricAgg: 'avg', metricDownsampleAgg: 'last' });
    expect(byName.get('ph')).toMatchObject({ stdUnit: '' });
    // Lead, the eighth pollutant of the National AQI, in the unit of its breakpoints.
    expect(byName.get('pb')).toMatchObject({ label: 'Pb', stdUnit: 'µg/m3', metricAgg: 'avg', metricDownsampleAgg: 'avg' });
  });

  it('answers public callers too, even when the portal shows no tenant', async () => {
    for (const id of [publicTenantId, hiddenTenantId]) {
      const res = await get({ portal: 'PUBLIC', 'public-tenant-id': String(id) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveLength((await ctx.database.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM std_param")).rows[0]!.n);
    }
  });

  it('refuses callers without credentials', async () => {
    const res = await get({});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'authentication required' });
  });

  it('refuses an unknown API key', async () => {
    const res = await get({ authorization: 'Bearer ek_nope' });
    expect(res.statusCode).toBe(401);
  });
});
