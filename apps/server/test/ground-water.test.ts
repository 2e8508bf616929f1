import { describe, expect, it } from 'vitest';
import { GroundWaterStations } from '@enviro/contracts/compliance/ground-water';
import { addDays, dayOf, DEFAULT_TIME_ZONE, fromWallClock, parseLocalDate } from '@enviro/domain/time-zone';
import { useTestApp } from './test-app.ts';

const HOUR_MS = 3_600_000;
const ZONE = DEFAULT_TIME_ZONE;
/** An instant `hours` after the IST midnight that starts `day`. */
const at = (day: string, hours: number) => fromWallClock(parseLocalDate(day)!, ZONE) + hours * HOUR_MS;

/**
 * GET /api/groundWaterStations: a CGWA user's ground-water stations with their flow meter's latest
 * telemetry and the days it sent at least two readings (REGULATORY.md, "CGWA ground water").
 */
describe('ground-water stations (CGWA)', () => {
  const ctx = useTestApp();

  async function world() {
    const cgwa = await ctx.b.newTenant({ name: 'Central Ground Water Authority', type: 'cgwa' });
    const industry = await ctx.b.newTenant({ name: 'Sugar Mills', statutoryIds: [cgwa.id] });
    const borewell = await ctx.b.newEntity({ tenantId: industry.id, type: 'ground water', name: 'Borewell BW-2' });
    const meter = await ctx.b.newDevice({
      tenantId: industry.id,
      entityId: borewell.id,
      params: [{ name: 'totalizer' }, { name: 'pump_hours' }, { name: 'level' }, { name: 'flow' }],
    });
    // A stack of the same industry is no ground-water station.
    await ctx.b.newEntity({ tenantId: industry.id, type: 'cems', name: 'Boiler Stack' });
    const other = await ctx.b.newTenant({ name: 'Elsewhere Paper' });
    await ctx.b.newEntity({ tenantId: other.id, type: 'ground water', name: 'Borewell Elsewhere' });
    const user = await ctx.signedIn({ tenantId: cgwa.id, userType: 'cgwa', role: 'user' });
    return { industry, other, borewell, meter, user };
  }

  it('lists the flow meter latest volume, pump hours and level, and the days it reported twice or more', async () => {
    const w = await world();
    const today = dayOf(Date.now(), ZONE);
    const day = (n: number) => addDays(today, -n);
    // Readings per day: 3 days ago twice, 2 days ago once, yesterday three times, today once (at midnight).
    const times = [at(day(3), 6), at(day(3), 18), at(day(2), 9), at(day(1), 6), at(day(1), 12), at(day(1), 18), at(today, 0)];
    const payload = times.map((ts, i) => ({ ts, values: { totalizer: 1000 + 10 * i, pump_hours: 50 + i, level: 38.5, flow: i % 2 ? 22 : 0 } }));
    const sent = await ctx.inject({ method: 'POST', url: `/api/v1/${w.meter.accessToken}/telemetry`, payload });
    expect(sent.statusCode, sent.body).toBe(200);

    const res = await ctx.inject({ method: 'GET', url: '/api/groundWaterStations?days=4', headers: { cookie: w.user.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = GroundWaterStations.parse(res.json());
    expect(answer.readingsPerDay).toBe(2);
    expect(answer.items).toHaveLength(1);
    const [station] = answer.items;
    expect(station).toMatchObject({
      tenantName: 'Sugar Mills',
      stationName: 'Borewell BW-2',
      lastDataAt: times.at(-1),
      volume: { value: 1060, unit: 'm3', at: times.at(-1) },
      pumpHours: { value: 56, unit: 'h' },
      level: { value: 38.5, unit: 'm' },
      flow: { value: 0 },
      daysMeetingRule: 2,
      closedDays: 3,
    });
    expect(station!.days).toEqual([
      { date: day(3), readings: 2 },
      { date: day(2), readings: 1 },
      { date: day(1), readings: 3 },
      { date: today, readings: 1 },
    ]);
  });

  it('keeps to the industries the caller reads: another is 404, and a reader without ground water gets none', async () => {
    const w = await world();
    const other = await ctx.inject({ method: 'GET', url: `/api/groundWaterStations?tenantId=${w.other.id}`, headers: { cookie: w.user.cookie } });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Elsewhere');
    const own = await ctx.signedIn({ tenantId: w.other.id, role: 'user' });
    const res = await ctx.inject({ method: 'GET', url: '/api/groundWaterStations', headers: { cookie: own.cookie } });
    expect(res.json().items.map((s: { stationName: string }) => s.stationName)).toEqual(['Borewell Elsewhere']);
    const bad = await ctx.inject({ method: 'GET', url: '/api/groundWaterStations?days=90', headers: { cookie: own.cookie } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('days');
  });
});
