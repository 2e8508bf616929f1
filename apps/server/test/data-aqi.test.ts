import { AqiResponse } from '@enviro/contracts/data/aqi';
import { subIndex } from '@enviro/domain/aqi';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertReadings, post, rollUp, type Reading } from './data-fixture.ts';
import { useTestApp } from './test-app.ts';

const QUARTER = 15 * 60_000;
const HOUR = 3_600_000;
/** 10 March 2024 00:00 in Asia/Kolkata. */
const DAY = Date.parse('2024-03-09T18:30:00Z');

/**
 * Station readings: one per quarter hour. pm2_5, pm10, co (in mg/m3) and so2 (in µg/m3) hold
 * constants; no2 reports only 2 quarters of each hour, so none of its hours is valid; o3 is 20
 * but 100 for 4 hours from 12:00, so its best 8-hour window averages 60.
 */
const CONSTANT = { pm2_5: 45, pm10: 120, no2: 30, so2: 10, co: 1.5 };
const PARAMS = [
  { name: 'pm2_5' },
  { name: 'pm10' },
  { name: 'no2' },
  { name: 'so2', unit: 'µg/m3' },
  { name: 'co', unit: 'mg/m3' },
  { name: 'o3' },
];

function readings(from: number, to: number, o3Peak: number | null): Reading[] {
  const out: Reading[] = [];
  for (let ts = from; ts < to; ts += QUARTER) {
    const quarter = (ts - from) / QUARTER;
    const peak = o3Peak !== null && ts >= o3Peak && ts < o3Peak + 4 * HOUR;
    out.push({ ts, vals: [CONSTANT.pm2_5, CONSTANT.pm10, quarter % 4 < 2 ? CONSTANT.no2 : null, CONSTANT.so2, CONSTANT.co, peak ? 100 : 20] });
  }
  return out;
}

describe('POST /api/data/aqi', () => {
  const ctx = useTestApp();
  let tenantId: number;
  let station: number;
  let stack: number;
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    ({ id: tenantId } = await ctx.b.newTenant());
    ({ id: station } = await ctx.b.newEntity({ tenantId, type: 'caaqms', name: 'AAQMS Township' }));
    ({ id: stack } = await ctx.b.newEntity({ tenantId, type: 'cems' }));
    const device = await ctx.b.newDevice({ tenantId, entityId: station, params: PARAMS });
    // The 7 hours before the day count toward its first 8-hour windows.
    await insertReadings(ctx.database, tenantId, device.id, readings(DAY - 7 * HOUR, DAY + 24 * HOUR, DAY + 12 * HOUR));
    await rollUp(ctx.database, 'all');
    // And the last 30 hours before now, left for the trend to read from raw (not rolled up).
    const now = Math.floor(Date.now() / QUARTER) * QUARTER;
    await insertReadings(ctx.database, tenantId, device.id, readings(now - 30 * HOUR, now, null));
    key = (await ctx.b.newApiKey(tenantId)).key;
    const { id: other } = await ctx.b.newTenant();
    otherKey = (await ctx.b.newApiKey(other)).key;
  });

  const aqi = (request: object, as = key) => post(ctx.app, '/api/data/aqi', as, request);

  it("gives a day's index: the largest sub-index of the pollutants with enough valid hours", async () => {
    const res = await aqi({ entityId: station, startDate: '2024-03-10', endDate: '2024-03-11' });
    expect(res.statusCode).toBe(200);
    const body = AqiResponse.parse(res.json());
    expect(body.entityName).toBe('AAQMS Township');
    const [day, empty] = body.days;
    expect(day!.date).toBe('2024-03-10');
    // no2 had 2 of 4 quarters an hour: no valid hour, so it is left out
    expect(day!.subIndices.map((s) => [s.pollutant, s.concentration, s.unit, s.subIndex, s.validHours])).toEqual([
      ['pm10', 120, 'µg/m3', subIndex('pm10', 120), 24],
      ['pm2_5', 45, 'µg/m3', subIndex('pm2_5', 45), 24],
      ['so2', 10, 'µg/m3', subIndex('so2', 10), 24],
      ['co', 1.5, 'mg/m3', subIndex('co', 1.5), 8],
      // the 4-hour peak of 100 with 4 hours of 20: (400 + 80) / 8
      ['o3', 60, 'µg/m3', subIndex('o3', 60), 8],
    ]);
    expect(day).toMatchObject({ aqi: subIndex('pm10', 120), category: 'Moderate', colour: '#ffff00', prominent: ['pm10'], missing: null });
    // the next day has no readings: only the 8-hour windows reaching back into the 10th count (7
    // valid hours each), 2 pollutants, too few for an index
    expect(empty).toMatchObject({ date: '2024-03-11', aqi: null, category: null, prominent: [], missing: 'too-few-pollutants' });
    expect(empty!.subIndices.map((s) => [s.pollutant, s.validHours])).toEqual([
      ['co', 7],
      ['o3', 7],
    ]);
  });

  it('gives the index now from the last 24 hours, read from raw while rollups catch up', async () => {
    const res = await aqi({ entityId: station });
    expect(res.statusCode).toBe(200);
    const body = AqiResponse.parse(res.json());
    expect(body.days).toEqual([]);
    expect(body.now.time % HOUR).toBe(30 * 60_000);
    expect(body.now).toMatchObject({ aqi: subIndex('pm10', 120), category: 'Moderate', prominent: ['pm10'] });
    expect(body.now.subIndices.find((s) => s.pollutant === 'pm2_5')).toMatchObject({ concentration: 45, validHours: 24 });
    expect(body.now.subIndices.find((s) => s.pollutant === 'o3')).toMatchObject({ concentration: 20, validHours: 8 });
  });

  it('is open to the public portal of the station’s tenant', async () => {
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/data/aqi',
      headers: { portal: 'PUBLIC', 'public-tenant-id': String(tenantId) },
      payload: { request: { entityId: station, startDate: '2024-03-10' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().days[0].aqi).toBe(subIndex('pm10', 120));
  });

  it.each([
    [{ entityId: 0 }, 'body.request.entityId'],
    [{ entityId: 1, startDate: '2024-02-30' }, 'body.request.startDate'],
    [{ entityId: 1, endDate: '2024-03-10' }, 'body.request.startDate'],
    [{ entityId: 1, startDate: '2024-03-10', endDate: '2024-03-09' }, 'body.request.endDate'],
    [{ entityId: 1, startDate: '2020-01-01', endDate: '2024-12-31' }, 'body.request.endDate'],
    // the index is of Indian days: a time zone is a field it does not know
    [{ entityId: 1, timezone: 'UTC' }, 'body.request'],
  ])('answers 400 naming the field for %j', async (request, field) => {
    const res = await aqi(request);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('answers 400 naming entityId for a station that is not CAAQMS', async () => {
    const res = await aqi({ entityId: stack });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'body.request.entityId' });
    expect(res.json().message).toContain('cems');
  });

  it("answers 404 for another tenant's station, and 401 without credentials", async () => {
    const res = await aqi({ entityId: station }, otherKey);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('AAQMS');
    const anonymous = await ctx.inject({ method: 'POST', url: '/api/data/aqi', payload: { request: { entityId: station } } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/data/aqi with a calibration', () => {
  const ctx = useTestApp();

  it('leaves readings inside calibration windows out of the averages and the valid hours', async () => {
    const { id: tenantId } = await ctx.b.newTenant();
    const { id: station } = await ctx.b.newEntity({ tenantId, type: 'caaqms', name: 'AAQMS Gate' });
    const device = await ctx.b.newDevice({ tenantId, entityId: station, params: PARAMS });
    // Calibrated from 02:50 to 04:10 IST: span gas reads 900 in the quarters it touches.
    const [start, end] = [DAY + 2 * HOUR + 50 * 60_000, DAY + 4 * HOUR + 10 * 60_000];
    const span = readings(DAY - 7 * HOUR, DAY + 24 * HOUR, null).map((r) => (r.ts + QUARTER > start && r.ts < end ? { ...r, vals: r.vals.map((v) => (v === null ? null : 900)) } : r));
    await insertReadings(ctx.database, tenantId, device.id, span);
    await rollUp(ctx.database, 'all');
    await ctx.database.pool.query(`INSERT INTO suppression_window (tenant_id, device_id, kind, starts_at, ends_at) VALUES ($1, $2, 'CALIBRATION', $3, $4)`, [
      tenantId,
      device.id,
      new Date(start),
      new Date(end),
    ]);
    const key = (await ctx.b.newApiKey(tenantId)).key;
    const res = await post(ctx.app, '/api/data/aqi', key, { entityId: station, startDate: '2024-03-10' });
    expect(res.statusCode, res.body).toBe(200);
    const [day] = AqiResponse.parse(res.json()).days;
    // Hour 02 keeps 3 clean quarters, hour 04 too; hour 03 is all calibration: 23 valid hours at the plain level.
    expect(day!.subIndices.filter((s) => ['pm10', 'pm2_5', 'so2'].includes(s.pollutant)).map((s) => [s.pollutant, s.concentration, s.validHours])).toEqual([
      ['pm10', 120, 23],
      ['pm2_5', 45, 23],
      ['so2', 10, 23],
    ]);
    expect(day).toMatchObject({ aqi: subIndex('pm10', 120), prominent: ['pm10'] });
  });
});

describe('POST /api/data/aqi with lead (Pb)', () => {
  const ctx = useTestApp();

  it('counts Pb among the pollutants, converted from ng/m3, averaged over the day', async () => {
    const { id: tenantId } = await ctx.b.newTenant();
    const { id: station } = await ctx.b.newEntity({ tenantId, type: 'caaqms', name: 'AAQMS Smelter Gate' });
    // A continuous metals monitor beside the particulate and gas analysers, reporting in ng/m3.
    const device = await ctx.b.newDevice({ tenantId, entityId: station, params: [...PARAMS, { name: 'pb', unit: 'ng/m3' }] });
    // Pb 2,000 ng/m3 for 12 hours, 3,000 for 12: a 24-hour average of 2.5 µg/m3, in the Poor band (2.1–3.0).
    const withLead = readings(DAY - 7 * HOUR, DAY + 24 * HOUR, null).map((r) => ({ ...r, vals: [...r.vals, r.ts < DAY + 12 * HOUR ? 2000 : 3000] }));
    await insertReadings(ctx.database, tenantId, device.id, withLead);
    await rollUp(ctx.database, 'all');
    const key = (await ctx.b.newApiKey(tenantId)).key;
    const res = await post(ctx.app, '/api/data/aqi', key, { entityId: station, startDate: '2024-03-10' });
    expect(res.statusCode, res.body).toBe(200);
    const [day] = AqiResponse.parse(res.json()).days;
    expect(day!.subIndices.find((s) => s.pollutant === 'pb')).toEqual({ pollutant: 'pb', label: 'Pb', concentration: 2.5, unit: 'µg/m3', subIndex: subIndex('pb', 2.5), validHours: 24 });
    // Pb's 245 is above PM10's 114: lead gives the index.
    expect(subIndex('pb', 2.5)).toBeGreaterThan(subIndex('pm10', 120)!);
    expect(day).toMatchObject({ aqi: subIndex('pb', 2.5), category: 'Poor', prominent: ['pb'], missing: null });
  });
});
