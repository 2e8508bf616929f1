import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app.ts';

const portal = (id: number) => ({ portal: 'PUBLIC', 'public-tenant-id': String(id) });
const MINUTE = 60_000;
const IST = 19_800_000;
const istHour = (ts: number) => Math.floor((ts + IST) / 3_600_000) * 3_600_000 - IST;
const istText = (ts: number) => new Date(ts + IST).toISOString().slice(0, 19).replace('T', ' ');

describe('report downloads', () => {
  const ctx = useTestApp();
  let tenant: number;
  let other: number;
  let stackA: number;
  let stackB: number;
  let etp: number;
  let busy: number;
  let elsewhere: number;
  let deviceA: number;
  const now = Date.now();
  const base = Math.floor(now / (10 * MINUTE)) * 10 * MINUTE - 3 * 60 * MINUTE;
  const times = Array.from({ length: 18 }, (_, i) => base + i * 10 * MINUTE);
  const busyFrom = Date.parse('2024-01-01T00:00:00Z');

  async function insert(tenantId: number, deviceId: number, rows: { ts: number; vals: (number | null)[] }[]) {
    const stamps = rows.map((r) => r.ts);
    await ctx.database.pool.query('SELECT enviro_ensure_partitions($1, $2)', [new Date(Math.min(...stamps)), new Date(Math.max(...stamps) + 1)]);
    await ctx.database.pool.query(
      `INSERT INTO reading (tenant_id, device_id, ts, vals)
       SELECT $1, $2, t, v::float8[] FROM unnest($3::timestamptz[], $4::text[]) AS u(t, v)`,
      [tenantId, deviceId, rows.map((r) => new Date(r.ts)), rows.map((r) => `{${r.vals.map((v) => v ?? 'NULL').join(',')}}`)],
    );
    // No rollups exist yet: marking every bucket dirty makes queries read these rows from raw.
    await ctx.database.pool.query(
      `INSERT INTO rollup_dirty (tenant_id, device_id, bucket)
       SELECT DISTINCT tenant_id, device_id, enviro_bucket15(ts) FROM reading WHERE tenant_id = $1 AND device_id = $2
       ON CONFLICT DO NOTHING`,
      [tenantId, deviceId],
    );
  }

  beforeAll(async () => {
    tenant = (await ctx.b.newTenant({ name: 'Shree Cement' })).id;
    other = (await ctx.b.newTenant({ name: 'Other' })).id;
    stackA = (await ctx.b.newEntity({ tenantId: tenant, type: 'cems', name: 'Stack A' })).id;
    stackB = (await ctx.b.newEntity({ tenantId: tenant, type: 'cems', name: 'Stack B' })).id;
    etp = (await ctx.b.newEntity({ tenantId: tenant, type: 'eqms', name: 'ETP' })).id;
    busy = (await ctx.b.newEntity({ tenantId: tenant, type: 'cems', name: 'Busy, Stack' })).id;
    elsewhere = (await ctx.b.newEntity({ tenantId: other, type: 'cems', name: 'Elsewhere' })).id;
    deviceA = (await ctx.b.newDevice({ tenantId: tenant, entityId: stackA })).id;
    const deviceB = (await ctx.b.newDevice({ tenantId: tenant, entityId: stackB, params: [{ name: 'pm' }] })).id;
    const deviceEtp = (await ctx.b.newDevice({ tenantId: tenant, entityId: etp, params: [{ name: 'pm' }] })).id;
    const deviceBusy = (await ctx.b.newDevice({ tenantId: tenant, entityId: busy, params: [{ name: 'pm' }] })).id;
    await insert(tenant, deviceA, times.map((ts, i) => ({ ts, vals: [i, 100 + i] })));
    await insert(tenant, deviceB, times.map((ts, i) => ({ ts, vals: [2 * i] })));
    await insert(tenant, deviceEtp, times.map((ts) => ({ ts, vals: [7] })));
    await insert(tenant, deviceBusy, Array.from({ length: 10_001 }, (_, i) => ({ ts: busyFrom + i * MINUTE, vals: [i % 90] })));
  });

  const rawReport = (format: string, request: object, caller = tenant) =>
    ctx.inject({ method: 'POST', url: '/api/raw-data-report', headers: portal(caller), payload: { format, request } });
  const lastHours = { startDate: new Date(base).toISOString(), endDate: new Date(now).toISOString() };
  const csvLines = (body: string) => body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');

  describe('POST /api/raw-data-report', () => {
    it("lists every reading of the station's devices as CSV, times in Kolkata", async () => {
      const res = await rawReport('CSV', { entityIds: [stackA], ...lastHours });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Raw data report \d{4}-\d\d-\d\d \d\d-\d\d-\d\d\.csv"/);
      const lines = csvLines(res.body);
      const device = `D-${String(deviceA).padStart(10, '0')}`;
      expect(lines[0]).toBe('Time,Station,Device,PM (mg/Nm3),SO2 (mg/Nm3),Quality');
      // No detector judged these slots (no quality worker runs here): valid (data-quality.test.ts shows a flagged one).
      expect(lines.slice(1)).toEqual(times.map((ts, i) => `${istText(ts)},Stack A,${device},${i},${100 + i},valid`));
    });

    it('keeps only the asked parameters', async () => {
      const res = await rawReport('CSV', { entityIds: [stackA], params: ['so2'], ...lastHours });
      expect(csvLines(res.body)[0]).toBe('Time,Station,Device,SO2 (mg/Nm3),Quality');
    });

    it.each([
      ['XLS', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', '.xlsx', 'PK'],
      ['PDF', 'application/pdf', '.pdf', '%PDF'],
    ])('writes %s files', async (format, type, extension, magic) => {
      const res = await rawReport(format, { entityIds: [stackA, stackB], ...lastHours });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toContain(`${extension}"`);
      expect(res.rawPayload.subarray(0, magic.length).toString('latin1')).toBe(magic);
    });

    it('strips commas from cells and pages through long ranges', async () => {
      const res = await rawReport('CSV', {
        entityIds: [busy],
        startDate: new Date(busyFrom).toISOString(),
        endDate: new Date(busyFrom + 10_001 * MINUTE).toISOString(),
      });
      expect(res.statusCode).toBe(200);
      const lines = csvLines(res.body);
      expect(lines.length).toBe(10_002);
      expect(lines[10_001]!.split(',')[1]).toBe('Busy Stack');
    });

    it.each([
      ['a PDF longer than its row limit', 'PDF', () => ({ entityIds: [busy], startDate: new Date(busyFrom).toISOString(), endDate: new Date(busyFrom + 10_001 * MINUTE).toISOString() }), 400, 'body.request.endDate'],
      ['an end before the start', 'CSV', () => ({ entityIds: [stackA], startDate: lastHours.endDate, endDate: lastHours.startDate }), 400, 'body.request.endDate'],
      ['an unknown format', 'DOC', () => ({ entityIds: [stackA], ...lastHours }), 400, 'body.format'],
      ["another tenant's station", 'CSV', () => ({ entityIds: [elsewhere], ...lastHours }), 404, undefined],
    ])('refuses %s', async (_case, format, request, status, field) => {
      const res = await rawReport(format, request());
      expect(res.statusCode).toBe(status);
      if (field) expect(res.json().field).toBe(field);
    });
  });

  describe('POST /api/public-parameter-report/{tenantId}', () => {
    const parameterReport = (request: object, format = 'CSV', tenantId = tenant, caller = tenant) =>
      ctx.inject({ method: 'POST', url: `/api/public-parameter-report/${tenantId}`, headers: portal(caller), payload: { format, request } });

    it('averages the parameter per Kolkata hour, one column per station', async () => {
      const res = await parameterReport({ entityType: 'cems', paramName: 'pm', entityIds: [stackA, stackB], duration: '1d-ago', interval: 'hour_1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/filename="PM report /);
      const [header, ...rows] = csvLines(res.body);
      expect(header).toBe('Time,Stack A,Stack B');
      const hours = [...new Set(times.map(istHour))];
      expect(rows.map((r) => r.split(',')[0])).toEqual(hours.map(istText));
      hours.forEach((hour, k) => {
        const inHour = times.map((ts, i) => ({ ts, i })).filter((x) => istHour(x.ts) === hour).map((x) => x.i);
        const mean = inHour.reduce((a, b) => a + b, 0) / inHour.length;
        const [, a, b] = rows[k]!.split(',').map(Number);
        expect(a).toBeCloseTo(mean, 9);
        expect(b).toBeCloseTo(2 * mean, 9);
      });
    });

    it('rounds each value to the two decimals the screens show', async () => {
      const stackC = (await ctx.b.newEntity({ tenantId: tenant, type: 'cems', name: 'Stack C' })).id;
      const device = (await ctx.b.newDevice({ tenantId: tenant, entityId: stackC, params: [{ name: 'pm' }] })).id;
      const hour = istHour(now) - 2 * 3_600_000;
      await insert(tenant, device, [7.1, 7.2, 8.33].map((v, i) => ({ ts: hour + (i + 1) * MINUTE, vals: [v] })));
      const res = await parameterReport({ entityType: 'cems', paramName: 'pm', entityIds: [stackC], duration: '1d-ago', interval: 'hour_1' });
      expect(csvLines(res.body).slice(1)).toEqual([`${istText(hour)},7.54`]);
    });

    it('lists every reading with instances', async () => {
      const res = await parameterReport({ entityType: 'cems', paramName: 'pm', entityIds: [stackA], duration: '1d-ago', interval: 'instances' });
      expect(csvLines(res.body).length).toBe(1 + times.length);
    });

    it('leaves out stations of another type', async () => {
      const res = await parameterReport({ entityType: 'cems', paramName: 'pm', entityIds: [stackA, etp], duration: '1d-ago', interval: 'hour_1' });
      expect(csvLines(res.body)[0]).toBe('Time,Stack A');
    });

    it.each([
      ["another tenant's station", () => ({ entityType: 'cems', paramName: 'pm', entityIds: [elsewhere] }), () => tenant, 404, undefined],
      ["another tenant's report", () => ({ entityType: 'cems', paramName: 'pm', entityIds: [elsewhere] }), () => other, 404, undefined],
      ['an unknown parameter', () => ({ entityType: 'cems', paramName: 'nope', entityIds: [stackA] }), () => tenant, 400, 'body.request.params.0.name'],
      ['a bad duration', () => ({ entityType: 'cems', paramName: 'pm', entityIds: [stackA], duration: 'yesterday' }), () => tenant, 400, 'body.request.duration'],
      ['too many buckets', () => ({ entityType: 'cems', paramName: 'pm', entityIds: [stackA], duration: '1y-ago', interval: 'minute_15' }), () => tenant, 400, 'body.request.interval'],
    ])('refuses %s', async (_case, request, tenantId, status, field) => {
      const res = await parameterReport(request(), 'CSV', tenantId());
      expect(res.statusCode).toBe(status);
      if (field) expect(res.json().field).toBe(field);
    });
  });
});
