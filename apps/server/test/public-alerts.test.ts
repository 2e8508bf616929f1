import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

const portal = (id: number) => ({ portal: 'PUBLIC', 'public-tenant-id': String(id) });
// Midnight of 10 March 2024 in Asia/Kolkata is 18:30 UTC on the 9th.
const IST_10_MARCH = Date.parse('2024-03-09T18:30:00Z');
const HOUR = 3_600_000;

describe('POST /api/tenants/{tenantId}/alertData', () => {
  const ctx = useTestApp();
  let tenant: number;
  let other: number;
  let stack1: number;
  let stack2: number;
  let otherStation: number;

  beforeAll(async () => {
    tenant = (await ctx.b.newTenant({ name: 'Shree Cement' })).id;
    other = (await ctx.b.newTenant({ name: 'Other' })).id;
    const plant = await ctx.b.newEntity({ tenantId: tenant, type: 'group', name: 'Plant' });
    stack1 = (await ctx.b.newEntity({ tenantId: tenant, parentId: plant.id, name: 'Stack 1' })).id;
    stack2 = (await ctx.b.newEntity({ tenantId: tenant, parentId: plant.id, name: 'Stack 2' })).id;
    otherStation = (await ctx.b.newEntity({ tenantId: other, name: 'Elsewhere' })).id;
    const d1 = await ctx.b.newDevice({ tenantId: tenant, entityId: stack1 });
    const d2 = await ctx.b.newDevice({ tenantId: tenant, entityId: stack2 });
    const std = new Map((await ctx.db.selectFrom('std_param').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
    // Stack 1: three PM alerts on 10 March (IST), one SO2 on the 11th; Stack 2: one PM on the 10th;
    // one MANUAL alert that SYSTEM counts leave out.
    const alerts = [
      { device: d1.id, entity: stack1, slot: 1, param: 'pm', at: IST_10_MARCH + 1 * HOUR },
      { device: d1.id, entity: stack1, slot: 1, param: 'pm', at: IST_10_MARCH + 1 * HOUR + 60_000 },
      { device: d1.id, entity: stack1, slot: 1, param: 'pm', at: IST_10_MARCH + 23 * HOUR },
      { device: d1.id, entity: stack1, slot: 2, param: 'so2', at: IST_10_MARCH + 25 * HOUR },
      { device: d2.id, entity: stack2, slot: 1, param: 'pm', at: IST_10_MARCH + 2 * HOUR },
      { device: d2.id, entity: stack2, slot: 1, param: 'pm', at: IST_10_MARCH + 3 * HOUR, type: 'MANUAL' },
    ];
    await ctx.db
      .insertInto('alert')
      .values(
        alerts.map((a) => ({
          tenant_id: tenant,
          device_id: String(a.device),
          entity_id: String(a.entity),
          slot: a.slot,
          std_param_id: std.get(a.param)!,
          type: a.type ?? 'SYSTEM',
          ts: new Date(a.at),
          value: 99,
          limit_min: null,
          limit_max: 50,
        })),
      )
      .execute();
  });

  const count = (body: object, byParameter: boolean, tenantId = tenant, caller = tenant) =>
    ctx.inject({
      method: 'POST',
      url: `/api/tenants/${tenantId}/alertData?isGroupByParameter=${byParameter}`,
      headers: portal(caller),
      payload: body,
    });
  const twoDays = { startDate: new Date(IST_10_MARCH).toISOString(), endDate: new Date(IST_10_MARCH + 48 * HOUR).toISOString() };

  it('counts SYSTEM alerts per parameter, most first', async () => {
    const res = await count(twoDays, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      groupBy: 'parameter',
      from: '2024-03-09T18:30:00.000Z',
      to: '2024-03-11T18:30:00.000Z',
      total: 5,
      groups: [
        { paramName: 'pm', paramLabel: 'PM', count: 4 },
        { paramName: 'so2', paramLabel: 'SO2', count: 1 },
      ],
    });
  });

  it('counts per day from Kolkata midnight, zero days included', async () => {
    const res = await count({ ...twoDays, interval: 'day_1' }, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      groupBy: 'interval',
      total: 5,
      groups: [
        { time: '2024-03-09T18:30:00.000Z', count: 4 },
        { time: '2024-03-10T18:30:00.000Z', count: 1 },
      ],
    });
  });

  it.each([
    ['one station', () => stack1, 4],
    ['a group: its stations', async () => (await ctx.db.selectFrom('entity').select('id').where('name', '=', 'Plant').executeTakeFirstOrThrow()).id, 5],
  ])('narrows to the node and its descendants: %s', async (_case, node, total) => {
    const res = await count({ ...twoDays, nodeId: Number(await node()) }, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(total);
  });

  it('counts other alert types when asked', async () => {
    const res = await count({ ...twoDays, types: ['MANUAL'] }, true);
    expect(res.json().total).toBe(1);
  });

  it('defaults to the current month per day, up to now', async () => {
    const before = Date.now();
    const res = await count({}, false);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const istNow = new Date(before + 19_800_000);
    const monthStart = Date.UTC(istNow.getUTCFullYear(), istNow.getUTCMonth(), 1) - 19_800_000;
    expect(body.groupBy).toBe('interval');
    expect(body.from).toBe(new Date(monthStart).toISOString());
    expect(Date.parse(body.to)).toBeGreaterThanOrEqual(before);
    expect(body.groups.length).toBe(istNow.getUTCDate());
    expect(body.total).toBe(0);
  });

  it.each([
    ['a node of another tenant', () => ({ ...twoDays, nodeId: otherStation }), () => tenant, 404, undefined],
    ['another tenant', () => twoDays, () => other, 404, undefined],
    ['only one of the dates', () => ({ startDate: twoDays.startDate }), () => tenant, 400, 'body.endDate'],
    ['an end before the start', () => ({ startDate: twoDays.endDate, endDate: twoDays.startDate }), () => tenant, 400, 'body.endDate'],
    ['an unknown interval', () => ({ ...twoDays, interval: 'week_1' }), () => tenant, 400, 'body.interval'],
    ['too many buckets', () => ({ startDate: '2020-01-01T00:00:00Z', endDate: '2024-01-01T00:00:00Z', interval: 'minute_15' }), () => tenant, 400, 'body.interval'],
  ])('refuses %s', async (_case, body, tenantId, status, field) => {
    const res = await count(body(), false, tenantId());
    expect(res.statusCode).toBe(status);
    if (field) expect(res.json().field).toBe(field);
  });
});
