import { beforeAll, describe, expect, it } from 'vitest';
import { post } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

describe('data requests: bad input answers 400 naming the field', () => {
  const ctx = useTestApp();
  let key: string;
  let stationId: number;

  beforeAll(async () => {
    const { id: tenantId } = await ctx.b.newTenant();
    stationId = (await ctx.b.newEntity({ tenantId })).id;
    await ctx.b.newDevice({ tenantId, entityId: stationId });
    key = (await ctx.b.newApiKey(tenantId)).key;
  });

  const valid = () => ({ entityIds: [stationId], params: [{ name: 'pm' }], duration: '7d-ago' });
  const param = (extra: object) => ({ params: [{ name: 'pm', ...extra }] });

  it.each([
    ['interval', { interval: 'hour_2' }],
    ['duration', { duration: '15x-ago' }],
    ['duration', { duration: 15 }],
    ['startDate', { startDate: 'yesterday' }],
    ['endDate', { startDate: '2024-02-01 00:00:00', endDate: '2024-02-30 00:00:00' }],
    ['startDate', { endDate: '2024-03-10 00:00:00' }],
    ['endDate', { startDate: '2024-03-10 00:00:00', endDate: '2024-03-09 00:00:00' }],
    ['timezone', { timezone: 'Mars/Olympus_Mons' }],
    ['period', { period: 'week' }],
    ['range', { period: 'day', range: -1 }],
    ['durationRefDate', { period: 'day', durationRefDate: '10-03-2024' }],
    ['entityIds.0', { entityIds: ['abc'] }],
    ['tenantIds.0', { entityIds: undefined, tenantIds: [0] }],
    ['params', { params: [] }],
    ['params.0.name', { params: [{}] }],
    ['params.0.name', param({ name: 'unobtainium' })],
    ['params.0.metric', param({ metric: 'so2' })],
    ['params.0.dsAgg', param({ dsAgg: 'median' })],
    ['params.0.agg', param({ agg: 'median' })],
    ['params.0.availability', param({ availability: 'yes' })],
    ['params.0.availability', { ...param({ availability: true }), interval: 'instances', duration: '1d-ago' }],
    ['includeDescendants', { includeDescendants: 'yes' }],
    ['groupAll', { groupAll: 1 }],
    ['entityTypeFilter', { entityTypeFilter: 'tower' }],
    ['groupByTags', { groupByTags: 'stack' }],
    ['considerTags.stack', { considerTags: { stack: 5 } }],
    ['availabilityInterval', { availabilityInterval: 'hour_1' }],
    ['interval', { interval: 'instances', duration: '60d-ago' }],
    ['interval', { interval: 'minute_15', duration: '200d-ago' }],
    ['duration', { duration: '5y-ago' }],
    ['startDate', { startDate: '2019-01-01', endDate: '2024-01-01' }],
  ])('metric: %s', async (field, patch) => {
    const res = await post(ctx.app, '/api/data/metric', key, { ...valid(), ...patch });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field: `body.request.${field}` });
    expect(res.json().message).toContain(`body.request.${field}`);
  });

  it('refuses unknown fields, naming them', async () => {
    const res = await post(ctx.app, '/api/data/metric', key, { ...valid(), intreval: 'hour_1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'body.request' });
    expect(res.json().message).toContain('intreval');
    const metricOnly = await post(ctx.app, '/api/data/entityMetric', key, { ...valid(), availInterval: 'minute_15' });
    expect(metricOnly.json()).toMatchObject({ statusCode: 400, field: 'body.request' });
    expect(metricOnly.json().message).toContain('availInterval');
    const bare = await ctx.inject({ method: 'POST', url: '/api/data/metric', headers: { authorization: `Bearer ${key}` }, payload: valid() });
    expect(bare.json()).toMatchObject({ statusCode: 400, field: 'body.request' });
  });

  it.each([
    ['/api/data/entityMetric', 'interval', { interval: 'weekly' }],
    ['/api/data/recent/metric', 'backscan', { duration: undefined, params: undefined, backscan: 0 }],
    ['/api/data/recent/metric', 'params.0.name', { duration: undefined, params: [{ name: 'unobtainium' }] }],
    ['/api/data/recentTree/metric', 'includeDescendants', { duration: undefined, params: undefined, includeDescendants: null }],
    ['/api/rawdata/metric', 'limit', { limit: 0 }],
    ['/api/rawdata/metric', 'cursor', { cursor: 'abc' }],
    ['/api/rawdata/metric', 'offset', { cursor: '1:2', offset: 5 }],
    ['/api/rawdata/metric', 'interval', { interval: 'hour_1' }],
  ])('%s: %s', async (url, field, patch) => {
    const res = await post(ctx.app, url, key, { ...valid(), ...patch });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field: `body.request.${field}` });
  });

  it('refuses to compute more than a million series buckets', async () => {
    const tenantId = (await ctx.b.newTenant()).id;
    const entityId = (await ctx.b.newEntity({ tenantId })).id;
    // 3 devices × 35 parameters × 9600 quarter hours is just over a million.
    const { rows } = await ctx.database.pool.query<{ name: string }>('SELECT name FROM std_param ORDER BY id LIMIT 35');
    for (let i = 0; i < 3; i++) await ctx.b.newDevice({ tenantId, entityId, params: rows.map((r) => ({ name: r.name })) });
    const request = { entityIds: [entityId], params: rows.map((r) => ({ name: r.name })), interval: 'minute_15', startDate: '2024-01-01', endDate: '2024-04-10' };
    const res = await post(ctx.app, '/api/data/metric', (await ctx.b.newApiKey(tenantId)).key, request);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'body.request.interval' });
    expect(res.json().message).toContain('105 series over 9600 buckets');
  });

  it('accepts every duration choice and both local date formats', async () => {
    for (const duration of ['15m-ago', '4h-ago', '7d-ago', '15d-ago', '30d-ago', '1y-ago']) {
      expect((await post(ctx.app, '/api/data/metric', key, { ...valid(), duration })).statusCode).toBe(200);
    }
    for (const [startDate, endDate] of [['2024-03-01 00:00:00', '2024-03-02 00:00:00'], ['03/01/2024 12:00:00 AM', '03/02/2024 12:00:00 AM']]) {
      expect((await post(ctx.app, '/api/data/metric', key, { ...valid(), startDate, endDate })).statusCode).toBe(200);
    }
  });

  it('lists the data routes on the OpenAPI page', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of ['/api/data/metric', '/api/data/entityMetric', '/api/data/recent/metric', '/api/data/recentTree/metric', '/api/rawdata/metric']) {
      expect(paths).toContain(path);
    }
  });
});
