import type { FastifyInstance } from 'fastify';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { DeviceRepository } from '../src/modules/devices/devices.repository.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helper.ts';
import { useTestApp } from './test-app.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/**
 * Stations and devices managed from the app (issue 13): the entity tree's administration within
 * the licence, devices with parameters, units and limits, serial numbers, token rotation across
 * servers, mount history, diagnostics and availability, makes and models.
 */
describe('fleet management', () => {
  const ctx = useTestApp();
  const t = { site: 0, partner: 0, a: 0, b: 0 };
  const as = { siteOps: '', siteSupport: '', partner: '', admin: '', user: '', otherAdmin: '' };
  const ids = { plant: 0, stack1: 0, stack2: 0, otherStation: 0 };

  beforeAll(async () => {
    t.site = (await ctx.b.newTenant({ name: 'Operations', type: 'site' })).id;
    t.partner = (await ctx.b.newTenant({ name: 'Field Services', type: 'partner' })).id;
    t.a = (await ctx.b.newTenant({ name: 'Alpha Cement' })).id;
    t.b = (await ctx.b.newTenant({ name: 'Beta Zinc' })).id;
    await ctx.database.pool.query(`INSERT INTO partner_tenant (tenant_id, partner_id) VALUES ($1, $2)`, [t.a, t.partner]);
    await ctx.database.pool.query(`INSERT INTO license_count (tenant_id, station_type, licensed) VALUES ($1, 'cems', 3), ($2, 'cems', 5)`, [t.a, t.b]);
    ids.plant = (await ctx.b.newEntity({ tenantId: t.a, type: 'group', name: 'Plant' })).id;
    ids.stack1 = (await ctx.b.newEntity({ tenantId: t.a, type: 'cems', name: 'Stack 1', parentId: ids.plant })).id;
    ids.stack2 = (await ctx.b.newEntity({ tenantId: t.a, type: 'cems', name: 'Stack 2', parentId: ids.plant })).id;
    ids.otherStation = (await ctx.b.newEntity({ tenantId: t.b, type: 'cems', name: 'Beta Stack' })).id;
    as.siteOps = (await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'operations' })).cookie;
    as.siteSupport = (await ctx.signedIn({ tenantId: t.site, userType: 'site', role: 'support' })).cookie;
    as.partner = (await ctx.signedIn({ tenantId: t.partner, userType: 'partner', role: 'partner' })).cookie;
    as.admin = (await ctx.signedIn({ tenantId: t.a, role: 'admin' })).cookie;
    as.user = (await ctx.signedIn({ tenantId: t.a, role: 'user' })).cookie;
    as.otherAdmin = (await ctx.signedIn({ tenantId: t.b, role: 'admin' })).cookie;
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string | null, payload?: object, headers: Record<string, string> = {}) =>
    ctx.inject({ method, url, headers: { ...(cookie ? { cookie } : {}), ...XHR, ...headers }, ...(payload ? { payload } : {}) });
  const asTenantA = { 'TENANT-ID': '' };

  describe('entity tree', () => {
    it('creates a station with checked properties and audits it', async () => {
      const res = await call('POST', '/api/entities', as.admin, {
        type: 'cems',
        name: 'Stack 3',
        parentId: ids.plant,
        properties: [{ name: 'Capacity', value: '120.5' }, { name: 'Operational', value: 'True' }, { name: 'Commisoning Date', value: '2019-04-01' }],
      });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ tenantId: t.a, parentId: ids.plant, type: 'cems', name: 'Stack 3', status: 'ENABLED' });
      const audit = await ctx.database.pool.query(`SELECT action, entity FROM audit_log WHERE tenant_id = $1 AND action = 'entity.create'`, [t.a]);
      expect(audit.rows).toEqual([{ action: 'entity.create', entity: `entity:${body.id}` }]);
      const tree = await call('GET', '/api/entities', as.user);
      expect(JSON.stringify(tree.json())).toContain('Stack 3');
    });

    it('refuses a station past the licence with a message naming the counts', async () => {
      const res = await call('POST', '/api/entities', as.admin, { type: 'cems', name: 'Stack 4' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ field: 'type' });
      expect(res.json().message).toContain('covers 3 cems stations and 3 are in use');
      const usage = await call('GET', '/api/usedAddOnStations', as.user);
      expect(usage.json()).toEqual([{ stationType: 'cems', licensed: 3, used: 3, remaining: 0 }]);
    });

    it('answers 400 naming the property whose value breaks its pattern', async () => {
      for (const [name, value] of [['Capacity', '12 MW'], ['Operational', 'yes'], ['Number of Units', '1234567890'], ['Fuel', 'Coal2']]) {
        const res = await call('POST', '/api/entities', as.admin, { type: 'group', name: 'Yard', properties: [{ name, value }] });
        expect(res.statusCode, name).toBe(400);
        expect(res.json().field).toBe('body.properties.0.value');
      }
      const props = await call('GET', '/api/entityProps', as.user);
      expect(props.json()).toContainEqual({ name: 'Capacity', kind: 'float', label: 'a number, e.g. 120.5' });
    });

    it('renames and moves a node, refusing a move under itself', async () => {
      const yard = (await call('POST', '/api/entities', as.partner, { tenantId: t.a, type: 'group', name: 'Yard' }, asTenantA)).json();
      expect(yard.name).toBe('Yard');
      const moved = await call('PUT', `/api/entities/${ids.plant}`, as.admin, { name: 'Plant', parentId: yard.id, properties: [] });
      expect(moved.json().parentId).toBe(yard.id);
      const cycle = await call('PUT', `/api/entities/${yard.id}`, as.admin, { name: 'Yard', parentId: ids.stack1, properties: [] });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json().field).toBe('parentId');
      await call('PUT', `/api/entities/${ids.plant}`, as.admin, { name: 'Plant', parentId: null, properties: [] });
      const deleted = await call('DELETE', `/api/entities/${yard.id}`, as.siteOps, undefined, { 'TENANT-ID': String(t.a) });
      expect(deleted.json().status).toBe('DELETED');
      const unaware = await call('GET', `/api/unaware/entities/${yard.id}`, as.user);
      expect(unaware.json()).toMatchObject({ id: yard.id, status: 'DELETED' });
    });

    it('sets the working status of a station, not of a group', async () => {
      const res = await call('POST', '/api/changeStationStatus', as.admin, { entityId: ids.stack1, workingStatus: 'Shutdown' });
      expect(res.json().workingStatus).toBe('Shutdown');
      const group = await call('POST', '/api/changeStationStatus', as.admin, { entityId: ids.plant, workingStatus: 'Shutdown' });
      expect(group.statusCode).toBe(400);
      expect(group.json().field).toBe('entityId');
      const bad = await call('POST', '/api/changeStationStatus', as.admin, { entityId: ids.stack1, workingStatus: 'Asleep' });
      expect(bad.json().field).toBe('body.workingStatus');
    });

    it('lets an industry user read but not change, and hides other tenants', async () => {
      expect((await call('POST', '/api/changeStationStatus', as.user, { entityId: ids.stack1, workingStatus: 'Working' })).statusCode).toBe(403);
      expect((await call('POST', '/api/changeStationStatus', as.siteSupport, { entityId: ids.stack1, workingStatus: 'Working' })).statusCode).toBe(403);
      const other = await call('PUT', `/api/entities/${ids.stack1}`, as.otherAdmin, { name: 'Mine', properties: [] });
      expect(other.statusCode).toBe(404);
      expect(other.body).not.toContain('Stack 1');
      expect((await call('GET', `/api/unaware/entities/${ids.stack1}`, as.otherAdmin)).statusCode).toBe(404);
      expect((await call('POST', '/api/entities', null, { type: 'group', name: 'X' })).statusCode).toBe(401);
    });
  });

  describe('devices', () => {
    let deviceId = 0;
    let token = '';

    it('registers a device with parameters, units and limits, mounted on a station', async () => {
      const make = await call('POST', '/api/makes', as.siteOps, { name: 'Thermo Fisher' });
      expect(make.statusCode).toBe(201);
      const model = await call('POST', '/api/models', as.siteOps, { makeId: make.json().id, name: '43i' });
      const res = await call('POST', '/api/devices', as.admin, {
        entityId: ids.stack1,
        name: 'SO2 analyser',
        modelId: model.json().id,
        serialNo: 'TF-0001',
        params: [{ name: 'so2', unit: 'ppm', max: 100 }, { name: 'pm', min: 0, max: 50 }],
      });
      expect(res.statusCode).toBe(201);
      const d = res.json();
      deviceId = d.id;
      token = d.accessToken;
      expect(d).toMatchObject({ tenantId: t.a, make: 'Thermo Fisher', model: '43i', entityId: ids.stack1, entityName: 'Stack 1', canEdit: true, liveStatus: 'UNKNOWN' });
      expect(token).toMatch(/^[A-Za-z0-9_-]{20}$/);
      expect(d.params.map((p: { name: string; slot: number; unit: string; max: number | null }) => [p.name, p.slot, p.unit, p.max])).toEqual([['so2', 1, 'ppm', 100], ['pm', 2, 'mg/Nm3', 50]]);
      expect(d.params[0].conversion.factor).toBeCloseTo(64.066 / 22.414, 6);
      expect(d.mounts).toEqual([{ deviceId, entityId: ids.stack1, entityName: 'Stack 1', mountedAt: null, unmountedAt: null }]);
    });

    it('refuses a unit that does not convert, an unknown parameter and a taken serial number', async () => {
      const unit = await call('POST', '/api/devices', as.admin, { name: 'X', params: [{ name: 'pm' }, { name: 'so2', unit: 'kg' }] });
      expect(unit.statusCode).toBe(400);
      expect(unit.json().field).toBe('params.1.unit');
      const unknown = await call('POST', '/api/devices', as.admin, { name: 'X', params: [{ name: 'unobtainium' }] });
      expect(unknown.json().field).toBe('params.0.name');
      const serial = await call('POST', '/api/devices', as.otherAdmin, { name: 'X', serialNo: 'tf-0001', params: [{ name: 'pm' }] });
      expect(serial.statusCode).toBe(409);
      expect(serial.json().field).toBe('serialNo');
      expect((await call('GET', '/api/deviceAvialableAtIoeye/TF-0001', as.otherAdmin)).statusCode).toBe(409);
      expect((await call('GET', '/api/deviceAvialableAtIoeye/TF-0002', as.otherAdmin)).json()).toEqual({ serialNo: 'TF-0002', available: true });
      const limits = await call('POST', '/api/devices', as.admin, { name: 'X', params: [{ name: 'pm', min: 5, max: 1 }] });
      expect(limits.json().field).toBe('body.params.0.min');
    });

    it('holds a serial number for the writer that took it first: the second waits, then finds it taken', async () => {
      // No unique index holds serial numbers across tenants (a table distributed by tenant cannot):
      // writers take turns on the serial number (docs/STORAGE.md, "Distribution by tenant").
      const repo = new DeviceRepository(ctx.database.db);
      const pm = (await ctx.database.pool.query<{ id: number }>(`SELECT id FROM std_param WHERE name = 'pm'`)).rows[0]!.id;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let secondSaw: boolean | undefined;
      let written!: () => void;
      const inserted = new Promise<void>((resolve) => (written = resolve));
      const first = ctx.database.db.transaction().execute(async (trx) => {
        await repo.in(trx).lockSerial('TF-RACE');
        expect(await repo.in(trx).serialTaken('TF-RACE', null)).toBe(false);
        await repo.in(trx).insert(t.b, { modelId: null, name: 'Race', serialNo: 'TF-RACE', sensorId: null, tags: {} }, [{ stdParamId: pm, unit: null, min: null, max: null }], 'race-token-1');
        written();
        await held;
      });
      await Promise.race([inserted, first]);
      const second = ctx.database.db.transaction().execute(async (trx) => {
        await repo.in(trx).lockSerial('tf-race');
        secondSaw = await repo.in(trx).serialTaken('tf-race', null);
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(secondSaw, 'the second writer waits while the first holds the serial number').toBeUndefined();
      release();
      await Promise.all([first, second]);
      expect(secondSaw).toBe(true);
      await ctx.database.pool.query(`UPDATE device SET deleted_date = now() WHERE lower(serial_no) = 'tf-race'`);
    });

    it('lists, searches, filters and pages the fleet', async () => {
      for (let i = 0; i < 4; i++) await call('POST', '/api/devices', as.admin, { name: `Flow meter ${i}`, params: [{ name: 'pm' }] });
      const all = (await call('GET', '/api/devices?size=2', as.user)).json();
      expect(all.total).toBe(5);
      expect(all.items).toHaveLength(2);
      const page2 = (await call('GET', '/api/devices?size=2&page=2', as.user)).json();
      expect(page2.items.map((d: { name: string }) => d.name)).toEqual(['Flow meter 3']);
      const search = (await call('GET', '/api/devices?search=thermo', as.user)).json();
      expect(search.items.map((d: { id: number }) => d.id)).toEqual([deviceId]);
      const unknown = (await call('GET', '/api/devices?status=UNKNOWN&search=flow', as.user)).json();
      expect(unknown.total).toBe(4);
      const inStock = (await call('GET', '/api/devices/available', as.user)).json();
      expect(inStock.total).toBe(4);
      const bad = await call('GET', '/api/devices?status=ASLEEP', as.user);
      expect(bad.json().field).toBe('querystring.status');
      const other = (await call('GET', '/api/devices', as.otherAdmin)).json();
      expect(other.total).toBe(0);
    });

    it('shows the token only to those who may change the device', async () => {
      expect((await call('GET', `/api/devices/${deviceId}`, as.user)).json()).toMatchObject({ accessToken: null, canEdit: false });
      expect((await call('GET', `/api/devices/${deviceId}`, as.admin)).json()).toMatchObject({ accessToken: token, canEdit: true });
      expect((await call('GET', `/api/devices/${deviceId}`, as.otherAdmin)).statusCode).toBe(404);
      expect((await call('GET', `/api/devices/${deviceId}`, null)).statusCode).toBe(401);
      expect((await call('PUT', `/api/devices/${deviceId}`, as.user, { name: 'Mine', params: [{ name: 'pm' }] })).statusCode).toBe(403);
    });

    it('keeps slots by name on edit and removes the parameters left out', async () => {
      const res = await call('PUT', `/api/devices/${deviceId}`, as.partner, { name: 'SO2 analyser', serialNo: 'TF-0001', params: [{ name: 'pm', max: 60 }, { name: 'nox' }] }, { 'TENANT-ID': String(t.a) });
      expect(res.statusCode).toBe(200);
      const params = res.json().params.map((p: { name: string; slot: number; max: number | null; deletedDate: string | null }) => [p.name, p.slot, p.max, p.deletedDate === null]);
      expect(params).toEqual([['so2', 1, null, false], ['pm', 2, 60, true], ['nox', 3, null, true]]);
    });

    it('rotates the token: the old one stops at once on this server and on another', async () => {
      const other: FastifyInstance = await buildTestApp(ctx.database);
      try {
        const post = (app: FastifyInstance, tk: string) => app.inject({ method: 'POST', url: `/api/v1/${tk}/telemetry`, payload: { pm: 10 } });
        // Both servers hold the token's profile in their caches.
        expect((await post(ctx.app, token)).statusCode).toBe(200);
        expect((await post(other, token)).statusCode).toBe(200);
        const rotated = await call('POST', `/api/devices/${deviceId}/token`, as.admin);
        const fresh = rotated.json().accessToken;
        expect(fresh).not.toBe(token);
        await waitFor(async () => (await post(other, token)).statusCode === 401);
        expect((await post(ctx.app, token)).statusCode).toBe(401);
        expect((await post(ctx.app, fresh)).statusCode).toBe(200);
        expect((await post(other, fresh)).statusCode).toBe(200);
        token = fresh;
      } finally {
        await other.close();
      }
    });

    it('swaps a device between stations and keeps the history', async () => {
      const swap = await call('POST', `/api/entity/${ids.stack2}/mount/device/${deviceId}`, as.admin);
      expect(swap.statusCode).toBe(200);
      const mounts = swap.json().mounts;
      expect(mounts.map((m: { entityId: number; unmountedAt: string | null }) => [m.entityId, m.unmountedAt === null])).toEqual([[ids.stack2, true], [ids.stack1, false]]);
      expect(mounts[0].mountedAt).toBe(mounts[1].unmountedAt);
      expect((await call('GET', `/api/entity/${ids.stack1}/attachedDevices`, as.user)).json()).toEqual([]);
      expect((await call('GET', `/api/entity/${ids.stack2}/attachedDevices`, as.user)).json().map((d: { id: number }) => d.id)).toEqual([deviceId]);
      const wrong = await call('POST', `/api/entity/${ids.stack1}/unmount/device/${deviceId}`, as.admin);
      expect(wrong.statusCode).toBe(409);
      const group = await call('POST', `/api/entity/${ids.plant}/mount/device/${deviceId}`, as.admin);
      expect(group.json().field).toBe('entityId');
      const foreign = await call('POST', `/api/entity/${ids.otherStation}/mount/device/${deviceId}`, as.admin);
      expect(foreign.statusCode).toBe(400);
      const off = await call('POST', `/api/entity/${ids.stack2}/unmount/device/${deviceId}`, as.admin);
      expect(off.json().entityId).toBeNull();
      await call('POST', `/api/entity/${ids.stack2}/mount/device/${deviceId}`, as.admin);
      expect((await call('POST', `/api/entity/${ids.stack2}/mount/device/${deviceId}`, as.otherAdmin)).statusCode).toBe(404);
    });

    it('answers chart readings, diagnostics, availability and last data', async () => {
      const base = Date.parse('2026-03-10T00:00:00+05:30');
      const entries = [0, 1, 2, 20].map((i) => ({ ts: base + i * 15 * 60_000 + 60_000, values: { pm: i, nox: 2 * i } }));
      expect((await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: entries })).statusCode).toBe(200);
      const data = await call('POST', `/api/devices/${deviceId}/param/data`, as.user, { params: ['pm'], startTime: new Date(base).toISOString(), endTime: new Date(base + 86_400_000).toISOString() });
      expect(data.json()).toEqual([{ name: 'pm', label: expect.any(String), unit: 'mg/Nm3', diagnostic: false, data: entries.map((e) => ({ time: new Date(e.ts).toISOString(), value: e.values.pm })) }]);
      const slot = await call('POST', `/api/devices/${deviceId}/param/data`, as.user, { params: ['nox'], time: new Date(base + 16 * 60_000).toISOString() });
      expect(slot.json()[0].data).toEqual([{ time: new Date(base + 16 * 60_000).toISOString(), value: 2 }]);
      const neither = await call('POST', `/api/devices/${deviceId}/param/data`, as.user, {});
      expect(neither.json().field).toBe('body.startTime');
      const unknown = await call('POST', `/api/devices/${deviceId}/param/data`, as.user, { params: ['so2'], time: new Date(base).toISOString() });
      expect(unknown.json().field).toBe('params.0');
      const availability = await call('POST', `/api/devices/${deviceId}/availability`, as.user, { startDate: '2026-03-10', endDate: '2026-03-11' });
      expect(availability.json()).toEqual([
        { date: '2026-03-10', slots: 4, expected: 96, calibration: 0, percentage: 4.17 },
        { date: '2026-03-11', slots: 0, expected: 96, calibration: 0, percentage: 0 },
      ]);
      // Calibrated from slot 2 into slot 3: both slots are neither due nor counted.
      await ctx.database.pool.query(
        `INSERT INTO suppression_window (tenant_id, device_id, kind, starts_at, ends_at) SELECT tenant_id, id, 'CALIBRATION', $2, $3 FROM device WHERE id = $1`,
        [deviceId, new Date(base + 30 * 60_000), new Date(base + 46 * 60_000)],
      );
      const calibrated = await call('POST', `/api/devices/${deviceId}/availability`, as.user, { startDate: '2026-03-10', endDate: '2026-03-10' });
      expect(calibrated.json()).toEqual([{ date: '2026-03-10', slots: 3, expected: 94, calibration: 2, percentage: 3.19 }]);
      const backwards = await call('POST', `/api/devices/${deviceId}/availability`, as.user, { startDate: '2026-03-11', endDate: '2026-03-10' });
      expect(backwards.json().field).toBe('endDate');
      const diagnostics = await call('GET', `/api/devices/${deviceId}/diagnosticParams?type=process`, as.user);
      expect(diagnostics.json().map((p: { name: string }) => p.name)).toEqual(['pm', 'nox']);
      expect((await call('GET', `/api/devices/${deviceId}/diagnosticParams`, as.user)).json()).toEqual([]);
      const last = await call('GET', `/api/getLastDataDate/${ids.stack2}`, as.user);
      expect(last.json().lastDataAt).not.toBeNull();
      expect((await call('POST', `/api/devices/${deviceId}/availability`, as.otherAdmin, { startDate: '2026-03-10', endDate: '2026-03-10' })).statusCode).toBe(404);
    });

    it('removes a device from service: deletedDate set, unmounted, its token refused, the serial free again', async () => {
      const res = await call('DELETE', `/api/devices/${deviceId}`, as.admin);
      expect(res.json().deletedDate).not.toBeNull();
      expect(res.json().entityId).toBeNull();
      expect((await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: { pm: 1 } })).statusCode).toBe(401);
      expect((await call('GET', '/api/deviceAvialableAtIoeye/TF-0001', as.admin)).statusCode).toBe(200);
      const removed = (await call('GET', '/api/devices?deleted=true', as.user)).json();
      expect(removed.items.map((d: { id: number }) => d.id)).toEqual([deviceId]);
    });
  });

  describe('makes and models', () => {
    it('lists makes with models, and refuses deleting one in use or a duplicate name', async () => {
      const make = (await call('POST', '/api/makes', as.siteOps, { name: 'Sick' })).json();
      const model = (await call('POST', '/api/models', as.siteOps, { makeId: make.id, name: 'MCS100' })).json();
      expect((await call('POST', '/api/makes', as.siteOps, { name: 'SICK' })).statusCode).toBe(409);
      await call('POST', '/api/devices', as.admin, { name: 'Multi-gas', modelId: model.id, params: [{ name: 'so2' }] });
      const list = (await call('GET', '/api/makes', as.user)).json();
      expect(list.find((m: { name: string }) => m.name === 'Sick')).toEqual({ id: make.id, name: 'Sick', models: [{ id: model.id, name: 'MCS100', devices: 1 }] });
      expect((await call('DELETE', `/api/models/${model.id}`, as.siteOps)).statusCode).toBe(409);
      expect((await call('DELETE', `/api/makes/${make.id}`, as.siteOps)).statusCode).toBe(409);
      expect((await call('PUT', `/api/makes/${make.id}`, as.siteOps, { name: 'SICK AG' })).json()).toEqual({ id: make.id });
      expect((await call('POST', '/api/makes', as.admin, { name: 'Mine' })).statusCode).toBe(403);
      expect((await call('POST', '/api/makes', as.siteSupport, { name: 'Mine' })).statusCode).toBe(403);
      expect((await call('POST', '/api/models', as.siteOps, { makeId: 999999, name: 'X' })).json().field).toBe('makeId');
    });
  });
});

async function waitFor(check: () => Promise<boolean>, ms = 2000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('CSV history upload', () => {
  const ctx = useTestApp();

  it('imports good rows and reports bad ones by line; readers and other tenants are refused', async () => {
    const tenantId = (await ctx.b.newTenant()).id;
    const entityId = (await ctx.b.newEntity({ tenantId })).id;
    const device = await ctx.b.newDevice({ tenantId, entityId });
    const admin = (await ctx.signedIn({ tenantId, role: 'admin' })).cookie;
    const user = (await ctx.signedIn({ tenantId, role: 'user' })).cookie;
    const other = (await ctx.signedIn({ tenantId: (await ctx.b.newTenant()).id, role: 'admin' })).cookie;
    const csv = 'ts,pm,so2\n2026-03-01T10:00:00+05:30,12.5,3\n2026-03-01T10:01:00+05:30,oops,4\nnot-a-time,1,1\n2026-03-01T10:02:00+05:30,13,\n';
    const upload = (cookie: string, body = csv, type = 'text/csv') =>
      ctx.inject({ method: 'POST', url: `/api/devices/${device.id}/import`, headers: { cookie, ...XHR, 'content-type': type }, payload: body });
    const res = await upload(admin);
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result.accepted).toBe(2);
    expect(result.refused.map((r: { line: number }) => r.line)).toEqual([3, 4]);
    expect(result.refusedCount).toBe(2);
    const { rows } = await ctx.database.pool.query(`SELECT count(*)::int AS n FROM reading WHERE device_id = $1`, [device.id]);
    expect(rows[0].n).toBe(2);
    expect((await upload(user)).statusCode).toBe(403);
    expect((await upload(other)).statusCode).toBe(404);
    const header = await upload(admin, 'when,pm\n');
    expect(header.statusCode).toBe(400);
    expect((await upload(admin, '{}', 'application/json')).json().field).toBe('body');
  });
});

describe('a device swapped between stations', () => {
  const ctx = useTestApp();

  it("keeps each station's trend to the readings taken while the device served it", async () => {
    const tenantId = (await ctx.b.newTenant()).id;
    const s1 = (await ctx.b.newEntity({ tenantId, name: 'Stack 1' })).id;
    const s2 = (await ctx.b.newEntity({ tenantId, name: 'Stack 2' })).id;
    const device = await ctx.b.newDevice({ tenantId, entityId: s1, params: [{ name: 'pm' }] });
    const admin = (await ctx.signedIn({ tenantId, role: 'admin' })).cookie;
    const swap = await ctx.inject({ method: 'POST', url: `/api/entity/${s2}/mount/device/${device.id}`, headers: { cookie: admin, ...XHR } });
    expect(swap.statusCode).toBe(200);
    // The swap as history: placed at 04:50 UTC on 10 March 2024 (mid-hour of the rollups' hours, mid-slot),
    // so the readings on both sides are old enough to be rolled up.
    const at = Date.parse('2024-03-10T04:50:00Z');
    await ctx.database.pool.query(`UPDATE device_mount SET unmounted_at = $2 WHERE device_id = $1 AND unmounted_at IS NOT NULL`, [device.id, new Date(at)]);
    await ctx.database.pool.query(`UPDATE device_mount SET mounted_at = $2 WHERE device_id = $1 AND unmounted_at IS NULL`, [device.id, new Date(at)]);
    // One reading a minute from 00:00 to 08:00 UTC: pm 1 before the swap's slot (04:45), 2 from it.
    const start = Date.parse('2024-03-10T00:00:00Z');
    const slot = Date.parse('2024-03-10T04:45:00Z');
    const entries = Array.from({ length: 480 }, (_, i) => ({ ts: start + i * 60_000, values: { pm: start + i * 60_000 < slot ? 1 : 2 } }));
    expect((await ctx.inject({ method: 'POST', url: `/api/v1/${device.accessToken}/telemetry`, payload: entries })).statusCode).toBe(200);
    await drainRollups(ctx.database);
    const key = (await ctx.b.newApiKey(tenantId)).key;
    const trend = async (entityId: number, interval: string, dsAgg: string) => {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/data/metric',
        headers: { authorization: `Bearer ${key}` },
        payload: { request: { entityIds: [entityId], params: [{ name: 'pm', dsAgg }], interval, startDate: '2024-03-10T00:00:00Z', endDate: '2024-03-10T08:00:00Z' } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { data: { value: number }[] }[]).flatMap((r) => r.data.map((d) => d.value));
    };
    for (const interval of ['hour_1', 'minute_15', 'day_1']) {
      const [before, after] = [await trend(s1, interval, 'count'), await trend(s2, interval, 'count')];
      expect(before.reduce((a, b) => a + b, 0), `${interval} Stack 1`).toBe(285);
      expect(after.reduce((a, b) => a + b, 0), `${interval} Stack 2`).toBe(195);
      expect(new Set(await trend(s1, interval, 'max')), interval).toEqual(new Set([1]));
      expect(new Set(await trend(s2, interval, 'min')), interval).toEqual(new Set([2]));
    }

    // The raw table likewise: each station the rows of its own period, the plant both with their station.
    const raw = async (entityIds: number[]) => {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/rawdata/metric',
        headers: { authorization: `Bearer ${key}` },
        payload: { request: { entityIds, params: [{ name: 'pm' }], startDate: '2024-03-10T00:00:00Z', endDate: '2024-03-10T08:00:00Z', limit: 1000 } },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { rows: { time: number; entityId: number; values: { pm: number } }[] }).rows;
    };
    const [rows1, rows2, both] = [await raw([s1]), await raw([s2]), await raw([s1, s2])];
    expect(rows1).toHaveLength(285);
    expect(rows1.every((r) => r.entityId === s1 && r.values.pm === 1 && r.time < slot)).toBe(true);
    expect(rows2).toHaveLength(195);
    expect(rows2.every((r) => r.entityId === s2 && r.values.pm === 2 && r.time >= slot)).toBe(true);
    expect(both.map((r) => [r.entityId, r.values.pm])).toEqual([...rows1, ...rows2].map((r) => [r.entityId, r.values.pm]));
  });

  it("gives each station the recent values its devices took while they served it", async () => {
    const tenantId = (await ctx.b.newTenant()).id;
    const a = (await ctx.b.newEntity({ tenantId, name: 'Stack A' })).id;
    const b = (await ctx.b.newEntity({ tenantId, name: 'Stack B' })).id;
    const old = await ctx.b.newDevice({ tenantId, entityId: a, params: [{ name: 'pm' }] });
    const replacement = await ctx.b.newDevice({ tenantId, entityId: b, params: [{ name: 'pm' }] });
    const admin = (await ctx.signedIn({ tenantId, role: 'admin' })).cookie;
    const key = (await ctx.b.newApiKey(tenantId)).key;
    const send = async (token: string, ts: number, pm: number) =>
      expect((await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: [{ ts, values: { pm } }] })).statusCode).toBe(200);
    const recent = async () => {
      const res = await ctx.inject({ method: 'POST', url: '/api/data/recent/metric', headers: { authorization: `Bearer ${key}` }, payload: { request: { entityIds: [a, b], params: [{ name: 'pm' }] } } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { entityId: number; deviceId: number; value: number }[]).map((v) => [v.entityId, v.deviceId, v.value]);
    };
    const now = Date.now();
    // Taken before the swap: the old device on A, the replacement on B.
    await send(old.accessToken, now - 40 * 60_000, 5);
    await send(replacement.accessToken, now - 35 * 60_000, 6);
    expect(await recent()).toEqual([[a, old.id, 5], [b, replacement.id, 6]]);
    // The swap: the old device goes to B, the replacement to A. Neither has reported since.
    for (const [station, device] of [[b, old.id], [a, replacement.id]]) {
      expect((await ctx.inject({ method: 'POST', url: `/api/entity/${station}/mount/device/${device}`, headers: { cookie: admin, ...XHR } })).statusCode).toBe(200);
    }
    expect(await recent()).toEqual([[a, old.id, 5], [b, replacement.id, 6]]);
    // Once they report from their new stations, those values are the new stations'; until the
    // replacement does, A keeps what the old device took there, though its newest value is B's.
    await send(old.accessToken, Date.now(), 7);
    expect(await recent()).toEqual([[a, old.id, 5], [b, old.id, 7]]);
    await send(replacement.accessToken, Date.now(), 8);
    expect(await recent()).toEqual([[a, replacement.id, 8], [b, old.id, 7]]);
  });
});
