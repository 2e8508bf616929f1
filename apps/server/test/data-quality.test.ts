import { QualityOverview, QualitySettings, QualityStation } from '@enviro/contracts/data-quality';
import type { TrendResult } from '@enviro/contracts/data/trend';
import { addCalendar, DEFAULT_TIME_ZONE, dayOf, startOfCalendar } from '@enviro/domain/time-zone';
import { beforeAll, describe, expect, it } from 'vitest';
import { drainRollups } from '../src/modules/data/rollups.ts';
import { assessDeviceDays, assessQueuedDays, drainQualityDays } from '../src/modules/data-quality/quality-worker.ts';
import { useTestApp } from './test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ZONE = DEFAULT_TIME_ZONE;

/**
 * A board over Alpha, whose stack A1 flat-lines its SO2 from 06:00 to 12:00 IST yesterday and is
 * calibrated from 20:00 to 21:00, and whose stack A2 reports a clean day; Delta is not the board's.
 * Readings go through ingestion, the rollups and the closed-slot feed as in service.
 */
describe('data quality: the worker over the closed-slot feed, the overview and a station', () => {
  const ctx = useTestApp();
  const yesterday = addCalendar(startOfCalendar(Date.now(), 'day', ZONE), -1, 'day', ZONE);
  const day = dayOf(yesterday, ZONE);
  let board: number;
  let alpha: number;
  let delta: number;
  let a1: number;
  let a2: number;
  let d1: number;
  let a1Token: string;
  let a1DeviceId: string;
  let a2DeviceId: string;
  let boardCookie: string;
  let deltaCookie: string;

  /** A live analyser's SO2: never the same value twice in a row. */
  const so2 = (t: number) => Math.round((280 + 25 * Math.sin(t / (47 * MINUTE)) + 7 * Math.sin(t / (3 * MINUTE))) * 10) / 10;
  const flat = (t: number) => t >= yesterday + 6 * HOUR && t < yesterday + 12 * HOUR;

  async function send(token: string, from: number, to: number, value: (t: number) => number) {
    const entries = [];
    for (let t = from; t < to; t += 5 * MINUTE) entries.push({ ts: t, values: { so2: value(t), flow: 180_000 + (t % 7919) } });
    for (let i = 0; i < entries.length; i += 100) {
      const res = await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: entries.slice(i, i + 100) });
      expect(res.statusCode).toBe(200);
    }
  }

  const sources = () => ({ windows: ctx.app.devices.windows, checks: ctx.app.devices.calibration });

  async function settle() {
    await drainRollups(ctx.database);
    // Two servers taking the feed at once share it; neither assesses a slot twice or misses one.
    await Promise.all([drainQualityDays(ctx.db, sources()), drainQualityDays(ctx.db, sources())]);
  }

  beforeAll(async () => {
    board = (await ctx.b.newTenant({ name: 'State Board', type: 'statutory' })).id;
    alpha = (await ctx.b.newTenant({ name: 'Alpha Power', statutoryIds: [board] })).id;
    delta = (await ctx.b.newTenant({ name: 'Delta Sugar' })).id;
    a1 = (await ctx.b.newEntity({ tenantId: alpha, name: 'A1' })).id;
    a2 = (await ctx.b.newEntity({ tenantId: alpha, name: 'A2' })).id;
    d1 = (await ctx.b.newEntity({ tenantId: delta, name: 'D1' })).id;
    const params = [{ name: 'so2', max: 600 }, { name: 'flow' }];
    const a1Device = await ctx.b.newDevice({ tenantId: alpha, entityId: a1, params });
    const a2Device = await ctx.b.newDevice({ tenantId: alpha, entityId: a2, params });
    const d1Device = await ctx.b.newDevice({ tenantId: delta, entityId: d1, params });
    a1Token = a1Device.accessToken;
    a1DeviceId = String(a1Device.id);
    a2DeviceId = String(a2Device.id);
    // A1's day leaves 14:00-17:00 out: it comes late, below.
    await send(a1Token, yesterday, yesterday + 14 * HOUR, (t) => (flat(t) ? 312.4 : so2(t)));
    await send(a1Token, yesterday + 17 * HOUR, yesterday + 24 * HOUR, so2);
    await send(a2Device.accessToken, yesterday, yesterday + 24 * HOUR, so2);
    await send(d1Device.accessToken, yesterday, yesterday + 24 * HOUR, () => 100);
    await ctx.database.pool.query(
      `INSERT INTO suppression_window (tenant_id, device_id, kind, starts_at, ends_at, source) VALUES ($1, $2, 'CALIBRATION', $3, $4, 'test')`,
      [alpha, a1Device.id, new Date(yesterday + 20 * HOUR), new Date(yesterday + 21 * HOUR)],
    );
    await settle();
    boardCookie = (await ctx.signedIn({ tenantId: board, userType: 'statutory', role: 'user' })).cookie;
    deltaCookie = (await ctx.signedIn({ tenantId: delta, userType: 'tenant', role: 'user' })).cookie;
  });

  const station = async (id: number, cookie = boardCookie, query = `?from=${day}&to=${day}`) => ctx.inject({ method: 'GET', url: `/api/data-quality/stations/${id}${query}`, headers: { cookie } });

  it('flags the six flat hours of SO2 as suspect, the calibration hour as calibration, and leaves values alone', async () => {
    const res = await station(a1);
    expect(res.statusCode).toBe(200);
    const body = QualityStation.parse(res.json());
    const flatLine = body.flags.filter((f) => f.detectors.includes('flat_line'));
    expect(flatLine.map((f) => f.time)).toEqual(Array.from({ length: 24 }, (_, i) => yesterday + 6 * HOUR + i * 15 * MINUTE));
    expect(flatLine.every((f) => f.state === 'suspect' && f.param === 'so2' && f.value === 312.4)).toBe(true);
    // Both parameters of the device are in calibration for its four quarters.
    expect(body.flags.filter((f) => f.state === 'calibration')).toHaveLength(8);
    expect(body.flags.filter((f) => f.state === 'suspect' && !f.detectors.includes('flat_line'))).toEqual([]);
    const [d] = body.days;
    // 21 hours of data (84 quarters) of two parameters; the calibration's 8 slots are not counted; the 24 flat ones earn nothing.
    expect(d).toMatchObject({ day, slots: 168, suspect: 24, calibration: 8, fired: [{ detector: 'flat_line', slots: 24 }] });
    expect(d!.score).toBeCloseTo(Math.round((1000 * (160 - 24)) / 160) / 10, 5);
    const stored = await ctx.database.pool.query(`SELECT count(*)::int AS n FROM reading_15m WHERE tenant_id = $1 AND slot = 1 AND sum / n = 312.4`, [alpha]);
    expect(stored.rows[0].n).toBe(24);
  });

  it('hands the regulator push and the open data API the flagged slots of devices (no caller: theirs is checked)', async () => {
    const flagged = await ctx.app.dataQuality.quality.flaggedSlots(alpha, [a1DeviceId], new Date(yesterday + 6 * HOUR), new Date(yesterday + 7 * HOUR));
    expect(flagged.map((f) => [f.slot, f.param, f.at, f.state, f.detectors])).toEqual(
      [0, 1, 2, 3].map((q) => [1, 'so2', yesterday + 6 * HOUR + q * 15 * MINUTE, 'suspect', ['flat_line']]),
    );
    expect(await ctx.app.dataQuality.quality.flaggedSlots(delta, [a1DeviceId], new Date(yesterday), new Date(yesterday + 24 * HOUR))).toEqual([]);
  });

  it("says beside each raw reading of the raw data report what its slot's verdict is", async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/raw-data-report',
      headers: { portal: 'PUBLIC', 'public-tenant-id': String(board) },
      payload: { format: 'CSV', request: { entityIds: [a1], startDate: new Date(yesterday + 5 * HOUR + 50 * MINUTE).toISOString(), endDate: new Date(yesterday + 6 * HOUR + 10 * MINUTE).toISOString() } },
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Time,Station,Device,SO2 (mg/Nm3),Flow (m3/hr),Quality');
    // 05:50 and 05:55 are live values; from 06:00 the SO2 stands still, shown unchanged beside its flag.
    expect(lines.slice(1).map((l) => l.split(',').slice(3).join(','))).toEqual([
      `${so2(yesterday + 5 * HOUR + 50 * MINUTE)},${180_000 + ((yesterday + 5 * HOUR + 50 * MINUTE) % 7919)},valid`,
      `${so2(yesterday + 5 * HOUR + 55 * MINUTE)},${180_000 + ((yesterday + 5 * HOUR + 55 * MINUTE) % 7919)},valid`,
      `312.4,${180_000 + ((yesterday + 6 * HOUR) % 7919)},SO2 suspect: Flat line (stuck value)`,
      `312.4,${180_000 + ((yesterday + 6 * HOUR + 5 * MINUTE) % 7919)},SO2 suspect: Flat line (stuck value)`,
    ]);
  });

  it("puts the flat-lining stack first on the board's overview, with what fired and the worst day", async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/data-quality/overview?days=3', headers: { cookie: boardCookie } });
    expect(res.statusCode).toBe(200);
    const body = QualityOverview.parse(res.json());
    expect(body.days[2]).toBe(day);
    expect(body.stations.map((s) => s.stationName)).toEqual(['A1', 'A2']);
    expect(body.stations[0]).toMatchObject({ tenantName: 'Alpha Power', worstDay: day, fired: [{ detector: 'flat_line', slots: 24 }] });
    expect(body.stations[1]).toMatchObject({ score: 100, fired: [] });
  });

  it('assesses a day again when late readings change it', async () => {
    // The missing afternoon arrives, stuck at one value for three hours.
    await send(a1Token, yesterday + 14 * HOUR, yesterday + 17 * HOUR, () => 95.5);
    await settle();
    const body = QualityStation.parse((await station(a1)).json());
    const late = body.flags.filter((f) => f.time >= yesterday + 14 * HOUR && f.time < yesterday + 17 * HOUR && f.param === 'so2');
    expect(late).toHaveLength(12);
    expect(late.every((f) => f.detectors.includes('flat_line'))).toBe(true);
    expect(body.days[0]!.slots).toBe(192);
    expect(await assessQueuedDays(ctx.db, sources())).toBe(0);
  });

  it('marks the flagged runs beside a trend, its values unchanged', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/data/metric',
      headers: { portal: 'PUBLIC', 'public-tenant-id': String(board) },
      payload: { request: { entityIds: [a1], params: [{ name: 'so2' }], startDate: new Date(yesterday).toISOString(), endDate: new Date(yesterday + 24 * HOUR).toISOString(), interval: 'minute_15' } },
    });
    expect(res.statusCode).toBe(200);
    const [trend] = res.json() as TrendResult[];
    const iso = (t: number) => new Date(t).toISOString();
    expect(trend!.flagged).toEqual([
      { state: 'suspect', detectors: ['flat_line'], from: iso(yesterday + 6 * HOUR), to: iso(yesterday + 12 * HOUR) },
      { state: 'suspect', detectors: ['flat_line'], from: iso(yesterday + 14 * HOUR), to: iso(yesterday + 17 * HOUR) },
    ]);
    expect(trend!.data.filter((p) => p.value === 312.4)).toHaveLength(24);
  });

  it("gives the open data API's 15-minute values the slots' states: calibration first, then suspect", async () => {
    await ctx.app.openData.publication.publishAsOperator(board);
    const res = await ctx.inject({ method: 'GET', url: `/api/open/v1/stations/${a1}/series?parameter=so2&resolution=15m&from=${day}&to=${day}` });
    expect(res.statusCode).toBe(200);
    const points = (res.json() as { data: { points: { time: string; value: number | null; quality: string }[] } }).data.points;
    const quality = (t: number) => points.find((p) => Date.parse(p.time) === t)?.quality;
    expect(quality(yesterday + 6 * HOUR)).toBe('SUSPECT');
    expect(quality(yesterday + 11 * HOUR + 45 * MINUTE)).toBe('SUSPECT');
    expect(quality(yesterday + 12 * HOUR)).toBe('OK');
    expect(quality(yesterday + 20 * HOUR)).toBe('CALIBRATION');
    expect(points.filter((p) => p.quality === 'SUSPECT').map((p) => p.value)).toContain(312.4);
  });

  it("pairs a station's PM2.5 and PM10 measured by two analysers: PM2.5 above PM10 is doubted on the PM2.5 analyser", async () => {
    const aqms = (await ctx.b.newEntity({ tenantId: alpha, name: 'Fence AQMS', type: 'caaqms' })).id;
    const fine = await ctx.b.newDevice({ tenantId: alpha, entityId: aqms, params: [{ name: 'pm2_5' }] });
    const coarse = await ctx.b.newDevice({ tenantId: alpha, entityId: aqms, params: [{ name: 'pm10' }] });
    // PM10 at 80 all day; PM2.5 at 40, but 95 from 10:00 to 11:00 (above PM10, which holds it).
    const above = (t: number) => t >= yesterday + 10 * HOUR && t < yesterday + 11 * HOUR;
    const post = async (token: string, value: (t: number) => Record<string, number>) => {
      const entries = [];
      for (let t = yesterday; t < yesterday + 24 * HOUR; t += 5 * MINUTE) entries.push({ ts: t, values: value(t) });
      for (let i = 0; i < entries.length; i += 100) expect((await ctx.inject({ method: 'POST', url: `/api/v1/${token}/telemetry`, payload: entries.slice(i, i + 100) })).statusCode).toBe(200);
    };
    await post(coarse.accessToken, (t) => ({ pm10: 80 + ((t / MINUTE) % 7) }));
    await post(fine.accessToken, (t) => ({ pm2_5: above(t) ? 95 : 40 + ((t / MINUTE) % 5) }));
    await settle();
    const { rows } = await ctx.database.pool.query<{ device_id: string; at: string; detectors: string[] }>(
      `SELECT device_id::text, (extract(epoch FROM bucket) * 1000)::bigint::text AS at, detectors FROM slot_quality WHERE tenant_id = $1 AND device_id = ANY($2::bigint[]) AND 'pm25_above_pm10' = ANY(detectors) ORDER BY bucket`,
      [alpha, [fine.id, coarse.id]],
    );
    expect(rows.map((r) => [r.device_id, Number(r.at)])).toEqual(Array.from({ length: 4 }, (_, q) => [String(fine.id), yesterday + 10 * HOUR + q * 15 * MINUTE]));

    // Late PM10 readings pull 14:00–14:15 down to 16.8 µg/m³: only the PM10 analyser's slots changed,
    // yet the PM2.5 analyser's day is judged again and its 14:00 slot is now above PM10.
    const late = [];
    for (let m = 0; m < 15; m++) if (m % 5 !== 0) late.push({ ts: yesterday + 14 * HOUR + m * MINUTE, values: { pm10: 1 } });
    expect((await ctx.inject({ method: 'POST', url: `/api/v1/${coarse.accessToken}/telemetry`, payload: late })).statusCode).toBe(200);
    await settle();
    const again = await ctx.database.pool.query<{ at: string }>(
      `SELECT (extract(epoch FROM bucket) * 1000)::bigint::text AS at FROM slot_quality WHERE tenant_id = $1 AND device_id = $2 AND 'pm25_above_pm10' = ANY(detectors) ORDER BY bucket`,
      [alpha, fine.id],
    );
    expect(again.rows.map((r) => Number(r.at))).toEqual([...[0, 1, 2, 3].map((q) => yesterday + 10 * HOUR + q * 15 * MINUTE), yesterday + 14 * HOUR]);
  });

  it("answers 404 for a station of an industry the caller does not read, and names a bad field", async () => {
    expect((await station(d1)).statusCode).toBe(404);
    expect((await station(a1, deltaCookie)).statusCode).toBe(404);
    expect((await station(d1, deltaCookie)).statusCode).toBe(200);
    const bad = await station(a1, boardCookie, '?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('from');
    const long = await station(a1, boardCookie, '?from=2026-01-01&to=2026-03-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().field).toBe('to');
    const other = await ctx.inject({ method: 'GET', url: `/api/data-quality/overview?tenantId=${alpha}`, headers: { cookie: deltaCookie } });
    expect(other.statusCode).toBe(404);
    // The public portal of the board reads its industries' stations, as their values; not another's, nor the overview.
    const portal = { portal: 'PUBLIC', 'public-tenant-id': String(board) };
    expect((await ctx.inject({ method: 'GET', url: `/api/data-quality/stations/${a1}?from=${day}&to=${day}`, headers: portal })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'GET', url: `/api/data-quality/stations/${d1}`, headers: portal })).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: '/api/data-quality/overview', headers: portal })).statusCode).toBe(403);
    const own = QualityOverview.parse((await ctx.inject({ method: 'GET', url: '/api/data-quality/overview', headers: { cookie: deltaCookie } })).json());
    expect(own.stations.map((s) => s.stationName)).toEqual(['D1']);
  });

  it("doubts what an analyser measured before a zero check whose drift the CUSUM finds, once the check is recorded", async () => {
    // Zero checks of A2's SO2 reading 3 % of span each time: the CUSUM (k 1 %, h 5 %) sums 2, 4, 6.
    const check = async (endedAt: number) => {
      const { rows } = await ctx.database.pool.query(
        `INSERT INTO calibration (tenant_id, device_id, entity_id, type, status, method, started_at, ended_at)
         VALUES ($1, $2, $3, 'ZERO', 'COMPLETED', 'MANUAL', $4, $5) RETURNING id`,
        [alpha, a2DeviceId, a2, new Date(endedAt - 10 * MINUTE), new Date(endedAt)],
      );
      await ctx.database.pool.query(
        `INSERT INTO calibration_point (tenant_id, calibration_id, param, seq, kind, expected, measured, range) VALUES ($1, $2, 'so2', 1, 'ZERO', 0, 3, 100)`,
        [alpha, rows[0].id],
      );
    };
    await check(yesterday - 2 * 24 * HOUR);
    await check(yesterday - 24 * HOUR);
    const before = QualityStation.parse((await station(a2)).json());
    expect(before.flags).toEqual([]);
    await check(yesterday + 12 * HOUR);
    await settle();
    const after = QualityStation.parse((await station(a2)).json());
    const drift = after.flags.filter((f) => f.detectors.includes('calibration_drift'));
    // From the check before the alarm to the alarm: yesterday's first 12 hours of SO2, not the flow.
    expect(drift.map((f) => f.time)).toEqual(Array.from({ length: 48 }, (_, i) => yesterday + i * 15 * MINUTE));
    expect(drift.every((f) => f.param === 'so2' && f.state === 'suspect')).toBe(true);
  });
  it('flags slots back-filled over a week late and a device clock running ahead, from the receive times ingestion records', async () => {
    const late = (await ctx.b.newEntity({ tenantId: alpha, name: 'Backfilled stack' })).id;
    const device = await ctx.b.newDevice({ tenantId: alpha, entityId: late, params: [{ name: 'so2', max: 600 }, { name: 'flow' }] });
    // A day nine days ago, sent today: back-filled beyond the week; the day after it, sent today too, is within it.
    const oldDay = addCalendar(yesterday, -8, 'day', ZONE);
    await send(device.accessToken, oldDay, oldDay + 2 * HOUR, so2);
    const sixDaysAgo = addCalendar(yesterday, -5, 'day', ZONE);
    await send(device.accessToken, sixDaysAgo, sixDaysAgo + 2 * HOUR, so2);
    await settle();
    const flagged = async (from: number, to: number) =>
      (await ctx.app.dataQuality.quality.flaggedSlots(alpha, [String(device.id)], new Date(from), new Date(to))).filter((f) => f.param === 'so2');
    const old = await flagged(oldDay, oldDay + 2 * HOUR);
    expect(old.map((f) => [f.at, f.state, f.detectors])).toEqual(Array.from({ length: 8 }, (_, q) => [oldDay + q * 15 * MINUTE, 'suspect', ['late_timestamp']]));
    expect(await flagged(sixDaysAgo, sixDaysAgo + 2 * HOUR)).toEqual([]);
    // Sent at once, the readings of a slot are a backlog, not a clock set wrong: the receipt says so.
    const { rows } = await ctx.database.pool.query<{ lag_min_ms: string; lag_max_ms: string; first_ms: number; last_ms: number }>(
      'SELECT lag_min_ms, lag_max_ms, first_ms, last_ms FROM slot_receipt WHERE tenant_id = $1 AND device_id = $2 AND bucket = $3',
      [alpha, device.id, new Date(sixDaysAgo)],
    );
    expect(rows.map((r) => [Number(r.lag_max_ms) - Number(r.lag_min_ms), r.first_ms, r.last_ms])).toEqual([[10 * MINUTE, 0, 10 * MINUTE]]);

    // A clock 8 minutes ahead: its readings arrive before their device time; judged once the slot has closed.
    const ahead = await ctx.b.newDevice({ tenantId: alpha, entityId: late, params: [{ name: 'pm' }] });
    const stamp = Date.now() + 8 * MINUTE;
    const res = await ctx.inject({ method: 'POST', url: `/api/v1/${ahead.accessToken}/telemetry`, payload: [{ ts: stamp, values: { pm: 21.5 } }] });
    expect(res.statusCode).toBe(200);
    await drainRollups(ctx.database);
    const bucket = new Date(stamp - (stamp % (15 * MINUTE)));
    await ctx.db.transaction().execute((trx) => assessDeviceDays(trx, sources(), [{ tenantId: alpha, deviceId: String(ahead.id), bucket }], stamp + HOUR));
    const drift = await ctx.app.dataQuality.quality.flaggedSlots(alpha, [String(ahead.id)], bucket, new Date(bucket.getTime() + 15 * MINUTE));
    expect(drift.map((f) => [f.param, f.state, f.detectors])).toEqual([['pm', 'suspect', ['clock_drift']]]);
  });
  it("lets a board's administrator tune a parameter's detectors, judges its days again, audits it, and keeps the industry to reading them", async () => {
    const url = `/api/data-quality/stations/${a1}/settings`;
    const boardAdmin = (await ctx.signedIn({ tenantId: board, userType: 'statutory', role: 'admin' })).cookie;
    const industry = (await ctx.signedIn({ tenantId: alpha, userType: 'tenant', role: 'admin' })).cookie;
    const read = QualitySettings.parse((await ctx.inject({ method: 'GET', url, headers: { cookie: boardAdmin } })).json());
    expect(read.editable).toBe(true);
    const so2Param = read.params.find((p) => p.param === 'so2')!;
    expect([so2Param.deviceId, so2Param.defaults.fullScale, so2Param.defaults.flatLineSlots, so2Param.settings]).toEqual([Number(a1DeviceId), 2000, 8, null]);
    const own = QualitySettings.parse((await ctx.inject({ method: 'GET', url, headers: { cookie: industry } })).json());
    expect(own.editable).toBe(false);
    expect((await ctx.inject({ method: 'GET', url, headers: { cookie: deltaCookie } })).statusCode).toBe(404);

    const put = (cookie: string, payload: object) => ctx.inject({ method: 'PUT', url, headers: { cookie, 'x-requested-with': 'XMLHttpRequest' }, payload });
    const off = { deviceId: Number(a1DeviceId), slot: so2Param.slot, settings: { off: ['flat_line'] } };
    // The industry, and a board's user who is no administrator, read the settings only.
    expect((await put(industry, off)).json()).toMatchObject({ statusCode: 403, message: expect.stringContaining('may not use this route') });
    expect((await put(boardCookie, off)).json()).toMatchObject({ message: expect.stringContaining('administrators tune the detectors') });
    const bad = await put(boardAdmin, { ...off, settings: { flatLineSlots: 1 } });
    expect([bad.statusCode, bad.json().message]).toEqual([400, expect.stringContaining('flatLineSlots')]);
    const noSlot = await put(boardAdmin, { ...off, slot: 9 });
    expect([noSlot.statusCode, noSlot.json().field]).toEqual([400, 'slot']);

    const flatSlots = async () =>
      (await ctx.app.dataQuality.quality.flaggedSlots(alpha, [a1DeviceId], new Date(yesterday + 6 * HOUR), new Date(yesterday + 12 * HOUR))).filter((f) => f.detectors.includes('flat_line')).length;
    expect(await flatSlots()).toBe(24);
    const saved = await put(boardAdmin, off);
    expect(saved.statusCode).toBe(200);
    expect(QualitySettings.parse(saved.json()).params.find((p) => p.param === 'so2')!.settings?.off).toEqual(['flat_line']);
    await settle();
    expect(await flatSlots()).toBe(0);
    const audit = await ctx.database.pool.query(`SELECT action, entity FROM audit_log WHERE tenant_id = $1 AND action = 'quality_setting.update'`, [alpha]);
    expect(audit.rows).toEqual([{ action: 'quality_setting.update', entity: `device:${a1DeviceId}:so2` }]);

    expect((await put(boardAdmin, { ...off, settings: null })).statusCode).toBe(200);
    await settle();
    expect(await flatSlots()).toBe(24);
  });
});
