import { ComplianceData, ComplianceStats, Datewise, Timeline, UptimeList, type ComplianceFigures } from '@enviro/contracts/compliance';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainComplianceDays } from '../src/modules/compliance/compliance-days-worker.ts';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { compactHistory, insertReadings, STORAGES, type Reading } from './data-fixture.ts';
import { oracle as figuresFromReadings, istMidnight } from './compliance-oracle.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * One station, one device with pm (max 50) and so2 (min 5, max 100), read every 5 minutes from
 * 2024-03-30T00:00Z to 2024-04-02T12:00Z: across the IST midnights (18:30Z) and the IST month
 * boundary of 1 April. A 2-hour gap after the IST midnight of 1 April, so2 missing every fourth
 * reading, a device calibration window not aligned to quarters and a station maintenance window
 * across the IST midnight. The expected figures are computed here from the raw readings, not
 * from the rollups.
 */
const T0 = Date.parse('2024-03-30T00:00:00Z');
const T1 = Date.parse('2024-04-02T12:00:00Z');
const GAP = { from: Date.parse('2024-03-31T20:00:00Z'), to: Date.parse('2024-03-31T22:00:00Z') };
const CALIBRATION = { from: Date.parse('2024-04-01T05:07:00Z'), to: Date.parse('2024-04-01T05:52:00Z') };
const MAINTENANCE = { from: Date.parse('2024-03-31T18:20:00Z'), to: Date.parse('2024-03-31T18:40:00Z') };
const LIMITS = [{ min: null, max: 50 }, { min: 5, max: 100 }] as const;

function readings(): Reading[] {
  const out: Reading[] = [];
  for (let ts = T0, i = 0; ts < T1; ts += 5 * MINUTE, i++) {
    if (ts >= GAP.from && ts < GAP.to) continue;
    out.push({ ts, vals: [20 + (i % 40) * 1.5, i % 4 === 3 ? null : 3 + (i % 11) * 10] });
  }
  return out;
}

/** The figures of `slot` over [from, to) from the raw readings, with this fixture's windows and limits. */
const oracle = (rows: readonly Reading[], slot: number, from: number, to: number) => figuresFromReadings(rows, slot, from, to, [CALIBRATION, MAINTENANCE], LIMITS);

describe.each(STORAGES)('compliance and uptime over %s history', (storage) => {
  const ctx = useTestApp();
  let tenantId: number;
  let stationId: number;
  let deviceId: number;
  let cookie: string;
  let otherCookie: string;
  const raw = readings();

  beforeAll(async () => {
    tenantId = (await ctx.b.newTenant({ name: 'Kota Cement' })).id;
    stationId = (await ctx.b.newEntity({ tenantId, name: 'Kiln stack' })).id;
    deviceId = (await ctx.b.newDevice({ tenantId, entityId: stationId, params: [{ name: 'pm', max: 50 }, { name: 'so2', min: 5, max: 100 }] })).id;
    await insertReadings(ctx.database, tenantId, deviceId, raw);
    await drainRollups(ctx.database);
    await ctx.database.pool.query(
      `INSERT INTO suppression_window (tenant_id, device_id, entity_id, kind, starts_at, ends_at)
       VALUES ($1, $2, NULL, 'CALIBRATION', $3, $4), ($1, NULL, $5, 'MAINTENANCE', $6, $7)`,
      [tenantId, deviceId, new Date(CALIBRATION.from), new Date(CALIBRATION.to), stationId, new Date(MAINTENANCE.from), new Date(MAINTENANCE.to)],
    );
    await drainComplianceDays(ctx.db);
    if (storage === 'compacted') expect(await compactHistory(ctx.database)).toBeGreaterThan(0);
    cookie = (await ctx.signedIn({ tenantId, userType: 'tenant', role: 'user' })).cookie;
    const other = (await ctx.b.newTenant()).id;
    otherCookie = (await ctx.signedIn({ tenantId: other, userType: 'tenant', role: 'user' })).cookie;
  });

  const get = (url: string, c: string | null = cookie) => ctx.inject({ method: 'GET', url, headers: c ? { cookie: c } : {} });

  function expectFigures(actual: ComplianceFigures, expected: ComplianceFigures) {
    expect(actual).toMatchObject(expected);
  }

  it('answers the month of April 2024 (IST) as computed from the raw readings', async () => {
    const res = await get(`/api/getComplianceData?period=2024-04&tenantId=${tenantId}`);
    expect(res.statusCode).toBe(200);
    const body = ComplianceData.parse(res.json());
    const from = istMidnight('2024-04-01');
    expect(body.period).toMatchObject({ from, to: istMidnight('2024-05-01'), fromDate: '2024-04-01', toDate: '2024-04-30' });
    expect(body.range).toEqual({ from: '2024-04-01T00:00:00.000+05:30', to: '2024-05-01T00:00:00.000+05:30', zone: 'Asia/Kolkata', raw: { from: '2024-04', to: '2024-04' } });
    expect(body.stations).toHaveLength(1);
    const [station] = body.stations;
    const to = istMidnight('2024-05-01');
    const uptime = oracle(raw, 0, from, to);
    expect(station!.uptime).toEqual({ slots: uptime.slots, suppressedSlots: uptime.suppressedSlots, slotsWithData: uptime.slotsWithData, availability: uptime.availability });
    expect(uptime.slots).toBe(30 * 96);
    expect(uptime.suppressedSlots).toBe(4 + 1); // calibration 05:00-06:00Z, maintenance's quarter 18:30Z on the April side
    for (const slot of [1, 2]) {
      const p = station!.parameters.find((x) => x.slot === slot)!;
      expectFigures(p, oracle(raw, slot, from, to));
    }
    // The data stop on 2 April; the figures are not all trivially zero.
    expect(station!.parameters[0]!.exceedances).toBeGreaterThan(0);
    expect(station!.parameters[1]!.slotsWithinLimits).toBeGreaterThan(0);
  });

  it('answers the share of slots the regulator accepted, and calibration checks due in the period', async () => {
    const board = (await ctx.b.newTenant({ name: 'Rajasthan SPCB', type: 'statutory' })).id;
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      `INSERT INTO regulator_connection (statutory_id, name, protocol, url) VALUES ($1, 'ODAMS', 'CPCB_ODAMS', 'http://127.0.0.1:9/') RETURNING id`,
      [board],
    );
    // Four April slots queued: three accepted, one rejected; a March slot outside the period.
    await ctx.database.pool.query(
      `INSERT INTO regulator_outbox (tenant_id, connection_id, station_id, slot, status)
       SELECT $1, $2, $3, s, CASE WHEN s = $4::timestamptz THEN 'REJECTED' ELSE 'SENT' END
       FROM unnest($5::timestamptz[]) s`,
      [tenantId, rows[0]!.id, stationId, new Date(istMidnight('2024-04-01') + 3_600_000), [istMidnight('2024-03-31'), ...[0, 1, 2, 3].map((h) => istMidnight('2024-04-01') + h * 3_600_000)].map((t) => new Date(t))],
    );
    const body = ComplianceData.parse((await get(`/api/getComplianceData?period=2024-04`)).json());
    expect(body.stations[0]!.regulatorSync).toEqual({ slots: 4, accepted: 3, share: 75 });
    // The device was registered today: no check of its schedule fell due in April 2024.
    expect(body.stations[0]!.calibration).toEqual({ due: 0, onTime: 0, share: null });
    await ctx.database.pool.query('DELETE FROM regulator_outbox WHERE tenant_id = $1', [tenantId]);
  });

  it('answers dates across the IST month boundary, and each IST day', async () => {
    const res = await get(`/api/getComplianceData?from=2024-03-30&to=2024-04-02&stationId=${stationId}`);
    expect(res.statusCode).toBe(200);
    const body = ComplianceData.parse(res.json());
    // The device is in service from its first data (T0, 05:30 IST on 30 March): no slot is expected before.
    const from = Math.max(istMidnight('2024-03-30'), T0);
    const to = istMidnight('2024-04-03');
    for (const slot of [1, 2]) expectFigures(body.stations[0]!.parameters.find((x) => x.slot === slot)!, oracle(raw, slot, from, to));

    const days = Datewise.parse((await get(`/api/getParametersDataDatewise?from=2024-03-30&to=2024-04-02&stationId=${stationId}`)).json());
    const range = { from: '2024-03-30T00:00:00.000+05:30', to: '2024-04-03T00:00:00.000+05:30', zone: 'Asia/Kolkata', raw: { from: '2024-03-30', to: '2024-04-02' } };
    expect([body.range, days.range]).toEqual([range, range]);
    expect(new Set(days.items.map((r) => r.date))).toEqual(new Set(['2024-03-30', '2024-03-31', '2024-04-01', '2024-04-02']));
    for (const row of days.items) {
      const start = istMidnight(row.date);
      const { exceedances: _e, ...rest } = oracle(raw, row.slot, Math.max(start, T0), start + DAY);
      expect(row).toMatchObject(rest);
    }
    // The gap after the IST midnight of 1 April: 8 quarters missing that day.
    const april1 = days.items.find((r) => r.date === '2024-04-01' && r.slot === 1)!;
    expect(april1.slots - april1.suppressedSlots - april1.slotsWithData).toBe(8);
    // 30 March from 05:30 IST, when the first reading came: 96 - 22 quarters expected.
    expect(days.items.find((r) => r.date === '2024-03-30' && r.slot === 1)!.slots).toBe(74);
  });

  it('answers uptime of the device and of the tenant, and grouped by station', async () => {
    const from = istMidnight('2024-03-31');
    const to = istMidnight('2024-04-02');
    const expected = oracle(raw, 0, from, to);
    const device = UptimeList.parse((await get(`/api/uptime/${deviceId}?from=2024-03-31&to=2024-04-01`)).json());
    expect(device.items).toEqual([{ id: deviceId, name: expect.any(String), tenantId, slots: expected.slots, suppressedSlots: expected.suppressedSlots, slotsWithData: expected.slotsWithData, availability: expected.availability }]);
    const tenant = UptimeList.parse((await get(`/api/uptime/${tenantId}?of=tenant&from=2024-03-31&to=2024-04-01`)).json());
    expect(tenant.items.map((r) => r.availability)).toEqual([expected.availability]);
    const byStation = UptimeList.parse((await get(`/api/getAvgUptimeByStation?from=2024-03-31&to=2024-04-01`)).json());
    expect(byStation.items).toEqual([expect.objectContaining({ id: stationId, name: 'Kiln stack', availability: expected.availability })]);
    const byTenant = UptimeList.parse((await get(`/api/getGroupByUptime?groupBy=tenant&from=2024-03-31&to=2024-04-01`)).json());
    expect(byTenant.items).toEqual([expect.objectContaining({ id: tenantId, name: 'Kota Cement', availability: expected.availability })]);
  });

  it('lists calibration, maintenance and the outage in the timeline, newest first', async () => {
    const res = await get(`/api/complianceTimeline?stationId=${stationId}&from=2024-03-30&to=2024-04-02`);
    expect(res.statusCode).toBe(200);
    const body = Timeline.parse(res.json());
    expect(body.limit).toBe(100);
    const kinds = body.items.map((e) => [e.kind, e.at]);
    expect(kinds).toContainEqual(['CALIBRATION', CALIBRATION.from]);
    expect(kinds).toContainEqual(['MAINTENANCE', MAINTENANCE.from]);
    expect(kinds).toContainEqual(['OUTAGE', GAP.from]);
    const outage = body.items.find((e) => e.kind === 'OUTAGE' && e.at === GAP.from)!;
    expect(outage.until).toBe(GAP.to);
    expect(body.items.map((e) => e.at)).toEqual([...body.items.map((e) => e.at)].sort((a, b) => b - a));
    const limited = Timeline.parse((await get(`/api/complianceTimeline?stationId=${stationId}&from=2024-03-30&to=2024-04-02&limit=1`)).json());
    expect(limited.items).toHaveLength(1);
  });

  it('lists working status changes and regulator sync changes in the timeline', async () => {
    await ctx.database.pool.query(`UPDATE entity SET working_status = 'MAINTENANCE' WHERE tenant_id = $1 AND id = $2`, [tenantId, stationId]);
    await ctx.database.pool.query(`UPDATE entity SET working_status = 'WORKING' WHERE tenant_id = $1 AND id = $2`, [tenantId, stationId]);
    const board = (await ctx.b.newTenant({ name: 'Timeline SPCB', type: 'statutory' })).id;
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      `INSERT INTO regulator_connection (statutory_id, name, protocol, url) VALUES ($1, 'ODAMS', 'CPCB_ODAMS', 'http://127.0.0.1:9/') RETURNING id`,
      [board],
    );
    const now = Date.now();
    // Accepted, then failing twice, then accepted again: two changes.
    await ctx.database.pool.query(
      `INSERT INTO regulator_attempt (tenant_id, connection_id, station_id, slot, kind, at, duration_ms, outcome, error_code, answer)
       SELECT $1, $2, $3, a.at, 'REALTIME', a.at, 10, a.outcome, CASE WHEN a.outcome = 'ERROR' THEN 'HTTP_500' END, ''
       FROM unnest($4::timestamptz[], $5::text[]) AS a(at, outcome)`,
      [tenantId, rows[0]!.id, stationId, [4, 3, 2, 1].map((h) => new Date(now - h * 3_600_000)), ['SUCCESS', 'ERROR', 'ERROR', 'SUCCESS']],
    );
    const body = Timeline.parse((await get(`/api/complianceTimeline?stationId=${stationId}&from=${new Date(now - DAY + 5.5 * 3_600_000).toISOString().slice(0, 10)}`)).json());
    const recent = body.items.filter((e) => e.kind === 'STATUS' || e.kind === 'SYNC').map((e) => [e.kind, e.text]);
    // Newest first: the status changes (just now), then the regulator's.
    expect(recent).toEqual([
      ['STATUS', 'Working status MAINTENANCE → WORKING'],
      ['STATUS', expect.stringMatching(/^Working status .+ → MAINTENANCE$/)],
      ['SYNC', 'The regulator accepts its data again'],
      ['SYNC', 'Regulator pushes failing (HTTP_500)'],
    ]);
    expect(body.items.map((e) => e.at)).toEqual([...body.items.map((e) => e.at)].sort((a, b) => b - a));
    // To today, as the request left `to` out; never past the last closed quarter.
    expect(body.range.raw).toEqual({ from: body.period.fromDate, to: 'today' });
    expect(Date.parse(body.range.to)).toBe(body.period.to);
  });

  it('answers statistics over the caller\'s tenants', async () => {
    const stats = (await get('/api/stats')).json();
    expect(stats).toMatchObject({ tenants: 1, industries: 1, stations: 1, devices: 1 });
    expect((await get('/api/entityStats')).json()).toMatchObject({ total: 1, byType: { cems: 1 } });
    expect((await get('/api/deviceStats')).json()).toMatchObject({ total: 1 });
    expect((await get('/api/subscriptionStats')).json()).toMatchObject({ total: 1 });
    const month = ComplianceStats.parse((await get('/api/complianceStats?period=2024-04')).json());
    expect(month).toMatchObject({ stations: 1, availability: oracle(raw, 0, istMidnight('2024-04-01'), istMidnight('2024-05-01')).availability });
    expect(month.range.raw).toEqual({ from: '2024-04', to: '2024-04' });
  });

  it('refuses bad input naming the field, another tenant (404) and nobody (401)', async () => {
    const bad = await get('/api/getComplianceData?period=2024-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('period');
    const reversed = await get('/api/getComplianceData?from=2024-04-02&to=2024-04-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toContain('from');
    expect((await get(`/api/getComplianceData?tenantId=${tenantId}`, otherCookie)).statusCode).toBe(404);
    expect((await get(`/api/getParametersDataDatewise?stationId=${stationId}`, otherCookie)).statusCode).toBe(404);
    expect((await get(`/api/uptime/${deviceId}`, otherCookie)).statusCode).toBe(404);
    expect((await get(`/api/uptime/${tenantId}?of=tenant`, otherCookie)).statusCode).toBe(404);
    expect((await get('/api/getComplianceData', null)).statusCode).toBe(401);
    expect((await get('/api/stats', null)).statusCode).toBe(401);
  });
});
