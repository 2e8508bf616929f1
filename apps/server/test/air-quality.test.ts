import { AirQualityOverview } from '@enviro/contracts/data/air-quality';
import { AqiResponse } from '@enviro/contracts/data/aqi';
import { addCalendar, DEFAULT_TIME_ZONE, startOfCalendar } from '@enviro/domain/time-zone';
import { describe, expect, it } from 'vitest';
import { insertReadings, rollUp, type Reading } from './data-fixture.ts';
import { AqiDayCache } from '../src/modules/data/air-quality-cache.ts';
import { AirQualityService } from '../src/modules/data/air-quality.service.ts';
import { useTestApp, type TestApp } from './test-app.ts';

/**
 * GET /api/air-quality: the CAAQMS stations of a board's industries with their National AQI now
 * and on each of the last 30 days, computed from the rollups in one statement, agreeing station by
 * station and day by day with POST /api/data/aqi (the index of the station's own page), including
 * hours that lack quarters and hours a calibration window touches.
 */

const ctx = useTestApp();
await ctx.start();

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const QUARTER = 15 * 60_000;
const HOUR = 3_600_000;
const ZONE = DEFAULT_TIME_ZONE;

const board = (await ctx.b.newTenant({ name: 'State Board', type: 'statutory' })).id;
const steel = (await ctx.b.newTenant({ name: 'Godavari Steel', statutoryIds: [board] })).id;
const paper = (await ctx.b.newTenant({ name: 'Krishna Paper', statutoryIds: [board] })).id;
const outside = (await ctx.b.newTenant({ name: 'Tapti Textiles' })).id;

const FULL = [{ name: 'pm2_5' }, { name: 'pm10' }, { name: 'no2', unit: 'µg/m3' }, { name: 'so2', unit: 'µg/m3' }, { name: 'co', unit: 'mg/m3' }, { name: 'o3', unit: 'µg/m3' }];
const THREE = [{ name: 'pm10' }, { name: 'no2', unit: 'µg/m3' }, { name: 'so2', unit: 'µg/m3' }];

const now = Date.now();
const today = startOfCalendar(now, 'day', ZONE);
const first = addCalendar(today, -31, 'day', ZONE) - 8 * HOUR;

/**
 * A quarter's values: each pollutant swings by day and hour (so days fall in different categories);
 * every fifth day loses 3 of 4 quarters from 00:00 to 14:00 (14 invalid hours: no 24-hour index
 * that day), and CO and O3 peak for a few hours a day (the 8-hour maximum).
 */
function readings(params: readonly { name: string }[], seed: number, from: number, to: number, spoil?: { from: number; to: number }): Reading[] {
  const out: Reading[] = [];
  for (let ts = from; ts < to; ts += QUARTER) {
    // Days and hours of Asia/Kolkata, counted from today's midnight.
    const day = Math.floor((ts - today) / (24 * HOUR));
    const hour = Math.floor((ts - today - day * 24 * HOUR) / HOUR);
    const quarter = Math.floor(ts / QUARTER) % 4;
    if (mod(day, 5) === seed % 5 && hour < 14 && quarter !== 0) continue;
    const swing = 1 + mod(day * 7 + seed * 3, 11) / 4 + (hour % 6) / 10;
    const inSpoil = spoil !== undefined && ts >= spoil.from && ts < spoil.to;
    const base: Record<string, number> = {
      pm2_5: 8 * swing * swing,
      pm10: 15 * swing * swing,
      no2: 25 * swing,
      so2: 12 * swing,
      co: hour >= 14 && hour < 18 ? 3 * swing : 0.6,
      o3: hour >= 10 && hour < 13 ? 90 * swing : 30,
    };
    out.push({ ts, vals: params.map((p) => (inSpoil ? 999 : base[p.name]!)) });
  }
  return out;
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

async function station(tenantId: number, name: string, params: typeof FULL, seed: number, spoil?: { from: number; to: number }) {
  const entity = await ctx.b.newEntity({ tenantId, type: 'caaqms', name });
  const device = await ctx.b.newDevice({ tenantId, entityId: entity.id, params });
  await insertReadings(ctx.database, tenantId, device.id, readings(params, seed, first, now, spoil));
  return { id: entity.id, deviceId: device.id };
}

// A calibration on the township station's analyser: its readings of 999 are not process data.
const spoil = { from: addCalendar(today, -6, 'day', ZONE) + 9 * HOUR + 20 * 60_000, to: addCalendar(today, -6, 'day', ZONE) + 14 * HOUR + 40 * 60_000 };
const township = await station(steel, 'AAQMS Township', FULL, 1, spoil);
const gate = await station(steel, 'AAQMS Main Gate', THREE, 2);
const mill = await station(paper, 'AAQMS Mill', FULL, 3);
const theirs = await station(outside, 'AAQMS Tapti', FULL, 4);
await ctx.b.newEntity({ tenantId: steel, type: 'cems', name: 'Stack 1' });
await ctx.database.pool.query(`INSERT INTO suppression_window (tenant_id, device_id, kind, starts_at, ends_at) VALUES ($1, $2, 'CALIBRATION', $3, $4)`, [
  steel,
  township.deviceId,
  new Date(spoil.from),
  new Date(spoil.to),
]);
await rollUp(ctx.database, 'all');

const cookieOf = async (user: Parameters<TestApp['signedIn']>[0]) => (await ctx.signedIn(user)).cookie;
const boardUser = await cookieOf({ tenantId: board, userType: 'statutory', role: 'user' });
const get = (url: string, cookie: string) => ctx.inject({ method: 'GET', url, headers: { cookie, ...XHR } });
const overview = async (cookie: string, query = '') => {
  const res = await get(`/api/air-quality${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return AirQualityOverview.parse(res.json());
};
const brief = (v: { aqi: number | null; category: string | null; colour: string | null; prominent: string[] }) => ({ aqi: v.aqi, category: v.category, colour: v.colour, prominent: v.prominent });

describe('GET /api/air-quality', () => {
  it("lists the board's CAAQMS stations with the index of each station's own page, now and on each of the last 30 days", async () => {
    const body = await overview(boardUser);
    expect(body.days).toHaveLength(30);
    expect(body.stations.map((s) => s.entityName).sort()).toEqual(['AAQMS Main Gate', 'AAQMS Mill', 'AAQMS Township']);
    expect(body.stations.find((s) => s.entityId === theirs.id)).toBeUndefined();

    for (const s of body.stations) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/data/aqi',
        headers: { cookie: boardUser, ...XHR },
        payload: { request: { entityId: s.entityId, startDate: body.days[0], endDate: body.days.at(-1) } },
      });
      expect(res.statusCode, res.body).toBe(200);
      const own = AqiResponse.parse(res.json());
      expect(own.now.time).toBe(body.time);
      expect(brief(s.now), s.entityName).toEqual(brief(own.now));
      expect(own.days.map((d) => d.date)).toEqual(body.days);
      expect(s.days.map(brief), s.entityName).toEqual(own.days.map(brief));
      expect(s.days.map((d) => d.pollutants)).toEqual(own.days.map((d) => d.subIndices.length));
    }

    // The data make a real test: several categories, days without an index, CO or O3 prominent somewhere.
    const days = body.stations.flatMap((s) => s.days);
    expect(new Set(days.map((d) => d.category).filter(Boolean)).size).toBeGreaterThan(1);
    expect(days.some((d) => d.aqi === null)).toBe(true);
    expect(days.some((d) => d.aqi !== null)).toBe(true);
    // Worst now first, stations without an index last.
    const order = body.stations.map((s) => s.now.aqi ?? -1);
    expect(order).toEqual([...order].sort((a, b) => b - a));
  });

  it("leaves out the calibration's readings, as the station's page does", async () => {
    const body = await overview(boardUser);
    const row = body.stations.find((s) => s.entityId === township.id)!;
    const day = body.days.length - 6;
    expect(day).toBeGreaterThanOrEqual(0);
    // The calibration's hours are left out, the others still make an index: 999 µg/m3 of PM2.5
    // over five of the 24 hours would have made the day Very Poor or Severe.
    expect(row.days[day]!.pollutants).toBe(6);
    expect(row.days[day]!.aqi!).toBeLessThan(250);
  });

  it('narrows to one industry the caller reads; another is 404, a tenantId that is no id 400 naming it', async () => {
    const one = await overview(boardUser, `?tenantId=${steel}`);
    expect(one.stations.map((s) => s.entityId).sort()).toEqual([township.id, gate.id].sort());
    expect((await get(`/api/air-quality?tenantId=${outside}`, boardUser)).statusCode).toBe(404);
    const bad = await get('/api/air-quality?tenantId=abc', boardUser);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('tenantId');
  });

  it("gives an industry's user its own stations, and a user limited to some stations those only", async () => {
    const own = await overview(await cookieOf({ tenantId: paper, role: 'user' }));
    expect(own.stations.map((s) => s.entityId)).toEqual([mill.id]);
    const limited = await ctx.signedIn({ tenantId: steel, role: 'user' });
    await ctx.database.pool.query('INSERT INTO user_entity_access (tenant_id, user_id, entity_id) VALUES ($1, $2, $3)', [steel, limited.id, gate.id]);
    const theirsOnly = await overview(limited.cookie);
    expect(theirsOnly.stations.map((s) => s.entityId)).toEqual([gate.id]);
  });

  /** A maintenance of 20 hours at the gate from `dayStart`, recorded after the fact. */
  const maintainGate = (dayStart: number) =>
    ctx.database.pool.query(`INSERT INTO suppression_window (tenant_id, entity_id, kind, starts_at, ends_at) VALUES ($1, $2, 'MAINTENANCE', $3, $4)`, [
      steel,
      gate.id,
      new Date(dayStart),
      new Date(dayStart + 20 * HOUR),
    ]);

  it('answers with the days it holds once they are due, and has them computed again: a calibration recorded late shows', async () => {
    // A service whose days are due at once (the app's are fresh for 10 minutes).
    const app = ctx.app;
    const service = new AirQualityService(ctx.database, app.tenants.directory, app.entities.entities, app.data.catalogs, app.devices.windows, Date.now, new AqiDayCache(0));
    const auth = { kind: 'apiKey' as const, tenantId: steel, tenantIds: [steel] };
    const gateOf = async () => (await service.overview(auth, {})).stations.find((s) => s.entityId === gate.id)!;
    const day = 20;
    const before = await gateOf();
    expect(before.days[day]!.aqi).not.toBeNull();
    // A maintenance of the whole day at the gate, recorded afterwards.
    const body = await service.overview(auth, {});
    await maintainGate(addCalendar(today, day - body.days.length, 'day', ZONE));
    // The held days answer at once; behind them the days are computed again, without the maintenance.
    await expect.poll(async () => (await gateOf()).days[day]!.aqi, { timeout: 10_000 }).toBeNull();
    expect((await gateOf()).days[day - 1]).toEqual(before.days[day - 1]);
  });

  it('carries the 29 newest days over when the day turns, computes the day just closed, and the whole strip again behind the answer', async () => {
    const app = ctx.app;
    let clock = now - 24 * HOUR;
    const serviceAt = (time: () => number) => new AirQualityService(ctx.database, app.tenants.directory, app.entities.entities, app.data.catalogs, app.devices.windows, time, new AqiDayCache());
    const rolling = serviceAt(() => clock);
    const auth = { kind: 'apiKey' as const, tenantId: steel, tenantIds: [steel] };
    const gateOf = (o: AirQualityOverview) => o.stations.find((s) => s.entityId === gate.id)!;
    await rolling.overview(auth, {}); // yesterday: its 30 days held
    clock = now;
    const expected = await serviceAt(() => now).overview(auth, {});
    // A maintenance recorded late over a day both strips hold: the carried answer still has the
    // held value (the carry was used), the day just closed is there, and behind the answer the
    // strip is computed again without the maintenance's day.
    const day = 5;
    expect(gateOf(expected).days[day]!.aqi).not.toBeNull();
    await maintainGate(addCalendar(today, day - expected.days.length, 'day', ZONE));
    const carried = await rolling.overview(auth, {});
    expect(carried.days).toEqual(expected.days);
    expect(gateOf(carried).days).toEqual(gateOf(expected).days);
    expect(gateOf(carried).days.at(-1)!.aqi).not.toBeNull();
    await expect.poll(async () => gateOf(await rolling.overview(auth, {})).days[day]!.aqi, { timeout: 10_000 }).toBeNull();
  });

  it('answers 401 to a caller who is not signed in', async () => {
    expect((await ctx.inject({ method: 'GET', url: '/api/air-quality' })).statusCode).toBe(401);
  });
});
