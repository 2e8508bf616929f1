import { RecentResponse, RecentTreeResponse, type RecentTreeNode } from '@enviro/contracts/data/recent';
import { beforeAll, describe, expect, it } from 'vitest';
import { conforming, post } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

const MIN = 60_000;

describe('POST /api/data/recent/metric and /api/data/recentTree/metric', () => {
  const ctx = useTestApp();
  let key: string;
  let tenantId: number;
  const ids: Record<string, number> = {};
  const now = Date.now();

  async function latest(deviceId: number, slot: number, agoMs: number, value: number) {
    await ctx.database.pool.query('INSERT INTO series_latest (tenant_id, device_id, slot, ts, value) VALUES ($1, $2, $3, $4, $5)', [
      tenantId,
      deviceId,
      slot,
      new Date(now - agoMs),
      value,
    ]);
  }
  async function lastDataAt(entityId: number, agoMs: number) {
    await ctx.database.pool.query('UPDATE entity SET last_data_at = $2 WHERE id = $1', [entityId, new Date(now - agoMs)]);
  }

  /**
   * Plant (group)
   * ├── Area (facility) ── Stack 2 (eqms): D2 pm 30 min ago, so2 20 min ago
   * ├── Stack 1 (cems): D1 pm 5 min ago, so2 3 h ago; D3 pm 2 min ago
   * ├── Stack 3 (caaqms): never reported
   * └── Stack 10 (cems): last data 5 h ago
   */
  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant()).id;
    key = (await ctx.b.newApiKey(tenantId)).key;
    ids.plant = (await ctx.b.newEntity({ tenantId, type: 'group', name: 'Plant' })).id;
    ids.area = (await ctx.b.newEntity({ tenantId, parentId: ids.plant, type: 'facility', name: 'Area' })).id;
    ids.stack1 = (await ctx.b.newEntity({ tenantId, parentId: ids.plant, type: 'cems', name: 'Stack 1' })).id;
    ids.stack2 = (await ctx.b.newEntity({ tenantId, parentId: ids.area, type: 'eqms', name: 'Stack 2' })).id;
    ids.stack3 = (await ctx.b.newEntity({ tenantId, parentId: ids.plant, type: 'caaqms', name: 'Stack 3' })).id;
    ids.stack10 = (await ctx.b.newEntity({ tenantId, parentId: ids.plant, type: 'cems', name: 'Stack 10' })).id;
    const params = [{ name: 'pm' }, { name: 'so2', unit: 'ppm' }];
    ids.d1 = (await ctx.b.newDevice({ tenantId, entityId: ids.stack1, params })).id;
    ids.d3 = (await ctx.b.newDevice({ tenantId, entityId: ids.stack1, params: [{ name: 'pm' }] })).id;
    ids.d2 = (await ctx.b.newDevice({ tenantId, entityId: ids.stack2, params, tags: { stack: 'Kiln' } })).id;
    await latest(ids.d1, 1, 5 * MIN, 12.5);
    await latest(ids.d1, 2, 180 * MIN, 7);
    await latest(ids.d3, 1, 2 * MIN, 13);
    await latest(ids.d2, 1, 30 * MIN, 40);
    await latest(ids.d2, 2, 20 * MIN, 20);
    await lastDataAt(ids.stack1, 2 * MIN);
    await lastDataAt(ids.stack2, 20 * MIN);
    await lastDataAt(ids.stack10, 300 * MIN);
  });

  const recent = async (request: unknown) => {
    const res = await post(ctx.app, '/api/data/recent/metric', key, request);
    expect(res.statusCode, res.body).toBe(200);
    return conforming(RecentResponse, res.json());
  };
  const tree = async (request: unknown): Promise<RecentTreeNode[]> => {
    const res = await post(ctx.app, '/api/data/recentTree/metric', key, request);
    expect(res.statusCode, res.body).toBe(200);
    return conforming(RecentTreeResponse, res.json());
  };

  it('answers the latest value per entity and parameter within the backscan hour', async () => {
    const values = await recent({ entityIds: [ids.plant], includeDescendants: true, params: [{ name: 'so2' }, { name: 'pm' }] });
    expect(values).toEqual([
      // Of Stack 1's two pm devices the newer reading wins; its so2 is 3 hours old.
      { entityId: ids.stack1, entityName: 'Stack 1', entityType: 'cems', deviceId: ids.d3, paramName: 'pm', paramLabel: 'PM', unit: 'mg/Nm3', time: now - 2 * MIN, value: 13 },
      { entityId: ids.stack2, entityName: 'Stack 2', entityType: 'eqms', deviceId: ids.d2, paramName: 'so2', paramLabel: 'SO2', unit: 'ppm', time: now - 20 * MIN, value: 20 },
      { entityId: ids.stack2, entityName: 'Stack 2', entityType: 'eqms', deviceId: ids.d2, paramName: 'pm', paramLabel: 'PM', unit: 'mg/Nm3', time: now - 30 * MIN, value: 40 },
    ]);
  });

  it('widens with backscan, reads only the named entities by default, and every parameter without params', async () => {
    const wide = await recent({ entityIds: [ids.stack1], backscan: 4 });
    expect(wide.map((v: { paramName: string; value: number }) => [v.paramName, v.value])).toEqual([
      ['pm', 13],
      ['so2', 7],
    ]);
    expect(await recent({ entityIds: [ids.plant] })).toEqual([]);
    const kiln = await recent({ entityIds: [ids.plant], includeDescendants: true, considerTags: { stack: 'kiln' } });
    expect(kiln.map((v: { entityName: string }) => v.entityName)).toEqual(['Stack 2', 'Stack 2']);
  });

  it('arranges latest values under the entity tree with lastDataAt and live status', async () => {
    const [plant, ...others] = await tree({ entityIds: [ids.plant], params: [{ name: 'pm' }] });
    expect(others).toEqual([]);
    const brief = (n: RecentTreeNode): unknown => ({
      name: n.name,
      liveStatus: n.liveStatus,
      lastDataAt: n.lastDataAt,
      values: n.values.map((v) => [v.paramName, v.value]),
      children: n.children.map(brief),
    });
    const iso = (ago: number) => new Date(now - ago).toISOString();
    expect(brief(plant!)).toEqual({
      name: 'Plant',
      liveStatus: 'LIVE',
      lastDataAt: iso(2 * MIN),
      values: [],
      children: [
        { name: 'Area', liveStatus: 'DELAYED', lastDataAt: iso(20 * MIN), values: [], children: [
          { name: 'Stack 2', liveStatus: 'DELAYED', lastDataAt: iso(20 * MIN), values: [['pm', 40]], children: [] },
        ] },
        { name: 'Stack 1', liveStatus: 'LIVE', lastDataAt: iso(2 * MIN), values: [['pm', 13]], children: [] },
        { name: 'Stack 3', liveStatus: 'UNKNOWN', lastDataAt: null, values: [], children: [] },
        { name: 'Stack 10', liveStatus: 'OFFLINE', lastDataAt: iso(300 * MIN), values: [], children: [] },
      ],
    });
    expect(plant).toMatchObject({ id: ids.plant, type: 'group' });
  });

  it('keeps other types in the tree only as ancestors of matching nodes, and starts at the roots without entityIds', async () => {
    const [plant] = await tree({ entityTypeFilter: ['eqms'] });
    expect(plant!.name).toBe('Plant');
    expect(plant!.children.map((c) => [c.name, c.children.map((g) => g.name)])).toEqual([['Area', ['Stack 2']]]);
    const flat = await tree({ entityIds: [ids.stack1, ids.stack2], includeDescendants: false });
    expect(flat.map((n) => [n.name, n.values.length])).toEqual([
      ['Stack 1', 1],
      ['Stack 2', 2],
    ]);
  });

  it('answers every digit of a value and the millisecond of its time', async () => {
    const station = (await ctx.b.newEntity({ tenantId, parentId: ids.plant, type: 'cems', name: 'Stack 20' })).id;
    const device = (await ctx.b.newDevice({ tenantId, entityId: station, params: [{ name: 'pm' }, { name: 'so2' }, { name: 'nox' }] })).id;
    const at = now - 61_234;
    const values = [0.1 + 0.2, -1.5e-7, 123456789.12345679];
    for (const [i, value] of values.entries()) {
      await ctx.database.pool.query('INSERT INTO series_latest (tenant_id, device_id, slot, ts, value) VALUES ($1, $2, $3, $4, $5)', [
        tenantId,
        device,
        i + 1,
        new Date(at),
        value,
      ]);
    }
    const answer = await recent({ entityIds: [station] });
    expect(answer.map((v) => [v.paramName, v.time, v.value])).toEqual([
      ['pm', at, 0.30000000000000004],
      ['so2', at, -1.5e-7],
      ['nox', at, 123456789.12345679],
    ]);
  });
});
