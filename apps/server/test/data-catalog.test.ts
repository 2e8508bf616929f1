import { RecentResponse, type RecentValue } from '@enviro/contracts/data/recent';
import { TrendResponse } from '@enviro/contracts/data/trend';
import { beforeAll, describe, expect, it } from 'vitest';
import { CatalogCache } from '../src/modules/data/catalog.ts';
import { conforming, post } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

/**
 * The data routes resolve requests from catalogs held in memory (metrics/catalog.ts). Every change
 * here is written with plain SQL, as another server or an operator would, so only the triggers of
 * migration 016 can tell the cache: the next request must see it.
 */
describe('catalogs held by the data routes', () => {
  const ctx = useTestApp();
  let key: string;
  let tenantId: number;
  const ids: Record<string, number> = {};
  let token: string;

  const sql = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
  const latest = (deviceId: number, slot: number, value: number) =>
    sql(
      `INSERT INTO series_latest (tenant_id, device_id, slot, ts, value) VALUES ($1, $2, $3, now() - interval '1 minute', $4)
       ON CONFLICT (tenant_id, device_id, slot) DO UPDATE SET ts = excluded.ts, value = excluded.value`,
      [tenantId, deviceId, slot, value],
    );
  const recent = async (request: object = {}): Promise<RecentValue[]> => {
    const res = await post(ctx.app, '/api/data/recent/metric', key, { entityIds: [ids.plant], includeDescendants: true, ...request });
    expect(res.statusCode, res.body).toBe(200);
    return conforming(RecentResponse, res.json());
  };
  const summary = (values: RecentValue[]) => values.map((v) => `${v.entityName}/${v.paramLabel}=${v.value}`);
  const versions = async () => (await sql('SELECT tenant_id, version FROM catalog_version ORDER BY tenant_id')).rows;

  /** Plant (group) ── Stack 1 (cems): D1 pm, so2; Plant ── Area (facility) */
  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant()).id;
    key = (await ctx.b.newApiKey(tenantId)).key;
    ids.plant = (await ctx.b.newEntity({ tenantId, type: 'group', name: 'Plant' })).id;
    ids.area = (await ctx.b.newEntity({ tenantId, parentId: ids.plant, type: 'facility', name: 'Area' })).id;
    ids.stack1 = (await ctx.b.newEntity({ tenantId, parentId: ids.plant, type: 'cems', name: 'Stack 1' })).id;
    const d1 = await ctx.b.newDevice({ tenantId, entityId: ids.stack1, params: [{ name: 'pm' }, { name: 'so2' }] });
    ids.d1 = d1.id;
    token = d1.accessToken;
    await latest(ids.d1, 1, 11);
    await latest(ids.d1, 2, 22);
  });

  it('answers from the catalog, then sees a renamed station on the next request', async () => {
    expect(summary(await recent())).toEqual(['Stack 1/PM=11', 'Stack 1/SO2=22']);
    await sql(`UPDATE entity SET name = 'Kiln Stack' WHERE id = $1`, [ids.stack1]);
    expect(summary(await recent())).toEqual(['Kiln Stack/PM=11', 'Kiln Stack/SO2=22']);
  });

  it('reads a tenant named twice once', async () => {
    const once = await recent({ entityIds: undefined, tenantIds: [tenantId] });
    expect(once).toHaveLength(2);
    expect(await recent({ entityIds: undefined, tenantIds: [tenantId, tenantId] })).toEqual(once);
  });

  it('sees a device added to a station, and its removal', async () => {
    const d2 = await sql(`INSERT INTO device (tenant_id, entity_id, name) VALUES ($1, $2, 'Flow meter') RETURNING id`, [tenantId, ids.stack1]);
    ids.d2 = Number(d2.rows[0].id);
    await sql(`INSERT INTO device_param (tenant_id, device_id, slot, std_param_id) SELECT $1, $2, 1, id FROM std_param WHERE name = 'flow'`, [tenantId, ids.d2]);
    await latest(ids.d2, 1, 900);
    expect(summary(await recent())).toEqual(['Kiln Stack/PM=11', 'Kiln Stack/SO2=22', 'Kiln Stack/Flow=900']);

    await sql(`UPDATE device SET deleted_date = now() WHERE id = $1`, [ids.d2]);
    expect(summary(await recent())).toEqual(['Kiln Stack/PM=11', 'Kiln Stack/SO2=22']);
  });

  it("sees a parameter taken off a device, and the shared catalogue's new label", async () => {
    await sql(`UPDATE device_param SET deleted_date = now() WHERE device_id = $1 AND slot = 2`, [ids.d1]);
    expect(summary(await recent())).toEqual(['Kiln Stack/PM=11']);
    await sql(`UPDATE device_param SET deleted_date = NULL WHERE device_id = $1 AND slot = 2`, [ids.d1]);

    const before = await sql(`SELECT label FROM std_param WHERE name = 'pm'`);
    await sql(`UPDATE std_param SET label = 'Particulate matter' WHERE name = 'pm'`);
    try {
      expect(summary(await recent())).toEqual(['Kiln Stack/Particulate matter=11', 'Kiln Stack/SO2=22']);
    } finally {
      await sql(`UPDATE std_param SET label = $1 WHERE name = 'pm'`, [before.rows[0].label]);
    }
    expect(summary(await recent())).toEqual(['Kiln Stack/PM=11', 'Kiln Stack/SO2=22']);
  });

  it('sees a station moved to another parent and a deleted station', async () => {
    const area = (request: object) => recent({ entityIds: [ids.area], ...request });
    expect(await area({})).toEqual([]);
    await sql(`UPDATE entity SET parent_id = $2 WHERE id = $1`, [ids.stack1, ids.area]);
    expect(summary(await area({}))).toEqual(['Kiln Stack/PM=11', 'Kiln Stack/SO2=22']);

    await sql(`UPDATE entity SET status = 'DELETED' WHERE id = $1`, [ids.stack1]);
    expect(await area({})).toEqual([]);
    const res = await post(ctx.app, '/api/data/recent/metric', key, { entityIds: [ids.stack1] });
    expect(res.statusCode).toBe(404);
    await sql(`UPDATE entity SET status = 'ENABLED', parent_id = $2 WHERE id = $1`, [ids.stack1, ids.plant]);
  });

  it('sees the same changes in trends', async () => {
    const trend = async () => {
      const res = await post(ctx.app, '/api/data/metric', key, { entityIds: [ids.stack1], duration: '4h-ago', interval: 'hour_1', params: [{ name: 'pm' }] });
      expect(res.statusCode, res.body).toBe(200);
      return conforming(TrendResponse, res.json()).map((t) => t.tags.entityName);
    };
    expect(await trend()).toEqual(['Kiln Stack']);
    await sql(`UPDATE entity SET name = 'Stack 1' WHERE id = $1`, [ids.stack1]);
    expect(await trend()).toEqual(['Stack 1']);
  });

  it('sees a TRUNCATE of device parameters', async () => {
    await sql('CREATE TABLE saved_param AS SELECT * FROM device_param; CREATE TABLE saved_limit AS SELECT * FROM param_limit');
    await sql('TRUNCATE device_param, param_limit');
    try {
      expect(await recent()).toEqual([]);
    } finally {
      await sql('INSERT INTO device_param SELECT * FROM saved_param; INSERT INTO param_limit SELECT * FROM saved_limit');
      await sql('DROP TABLE saved_param, saved_limit');
    }
    expect(summary(await recent())).toEqual(['Stack 1/PM=11', 'Stack 1/SO2=22']);
  });

  it('keeps catalogs current through ingestion: readings move no version', async () => {
    const before = await versions();
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: { pm: 12.5, so2: 23 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(summary(await recent())).toEqual(['Stack 1/PM=12.5', 'Stack 1/SO2=23']);
    expect(await versions()).toEqual(before);
  });

  it('reuses a catalog until its version moves, and holds the most recently read tenants', async () => {
    const cache = new CatalogCache(ctx.database, 1);
    const first = await cache.read([tenantId]);
    expect((await cache.read([tenantId])).tenants.get(tenantId)).toBe(first.tenants.get(tenantId));
    await sql(`UPDATE entity SET last_data_at = now() WHERE id = $1`, [ids.stack1]);
    expect((await cache.read([tenantId])).tenants.get(tenantId)).toBe(first.tenants.get(tenantId));

    await sql(`UPDATE entity SET name = 'Stack One' WHERE id = $1`, [ids.stack1]);
    const renamed = await cache.read([tenantId]);
    expect(renamed.tenants.get(tenantId)).not.toBe(first.tenants.get(tenantId));
    expect(renamed.tenants.get(tenantId)!.entities.get(String(ids.stack1))!.name).toBe('Stack One');
    expect(renamed.params).toBe(first.params);
    await sql(`UPDATE entity SET name = 'Stack 1' WHERE id = $1`, [ids.stack1]);

    const other = (await ctx.b.newTenant()).id;
    await cache.read([other]);
    expect(cache.peek([other])).not.toBeNull();
    expect(cache.peek([tenantId])).toBeNull();
  });

  it('loads a cold catalog once for requests that ask for it together', async () => {
    const cache = new CatalogCache(ctx.database);
    const [a, b, c] = await Promise.all([cache.read([tenantId]), cache.read([tenantId]), cache.read([tenantId])]);
    expect(b.tenants.get(tenantId)).toBe(a.tenants.get(tenantId));
    expect(c.tenants.get(tenantId)).toBe(a.tenants.get(tenantId));
    expect(a.tenants.get(tenantId)!.entities.get(String(ids.stack1))!.name).toBe('Stack 1');
  });

  it('lists in the catalog triggers every column of entity and device but last_data_at', async () => {
    const { rows } = await sql(`
      SELECT c.relname AS table, a.attname AS column, a.attnum = ANY(t.tgattr::int2[]) AS watched
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE t.tgname IN ('entity_catalog', 'device_catalog')`);
    const unwatched = rows.filter((r) => !r.watched).map((r) => `${r.table}.${r.column}`);
    expect(unwatched.sort()).toEqual(['device.last_data_at', 'entity.last_data_at']);
    expect(rows.length).toBeGreaterThan(15);
  });
});
