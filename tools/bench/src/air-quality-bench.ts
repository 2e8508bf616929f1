import type pg from 'pg';
import { AQI_COLOURS } from '@enviro/domain/aqi';
import { newSessionToken, SESSION_COOKIE, SESSION_IDLE_MS } from '@enviro/server/platform/access/session';
import { SessionRepository } from '@enviro/server/modules/accounts/sessions.repository';
import type { Db } from '@enviro/server/platform/database/database';
import { OperatorProvisioning } from '@enviro/server/operator-provisioning';
import { services } from './services.ts';
import { timeRuns, type Timing } from './stats.ts';

/** A CAAQMS analyser's pollutants, in the breakpoint table's units. */
const POLLUTANTS = [
  { name: 'pm2_5', unit: 'µg/m3', base: 45 },
  { name: 'pm10', unit: 'µg/m3', base: 110 },
  { name: 'no2', unit: 'µg/m3', base: 40 },
  { name: 'so2', unit: 'µg/m3', base: 20 },
  { name: 'co', unit: 'mg/m3', base: 1.2 },
  { name: 'o3', unit: 'µg/m3', base: 50 },
] as const;

export interface AirQualityFleet {
  stations: number;
  /** Hourly rollup rows behind the view. */
  hours: number;
  stationIds: number[];
  cookie: string;
}

/**
 * A board with `stations` CAAQMS stations over `stations / 4` industries, one six-pollutant
 * analyser each, and 31 days and 8 hours of history up to now as the rollup worker leaves it:
 * the 15-minute and hourly rollups, written set-based (about 1 quarter in 30 missing, so some hours
 * are not valid), and a 5-hour calibration on one analyser in ten.
 */
export async function airQualityFleet(db: Db, pool: pg.Pool, stations: number, log: (s: string) => void): Promise<AirQualityFleet> {
  const svc = OperatorProvisioning.of(services());
  const { id: boardId } = await svc.createTenant({ name: 'Bench Air Board', type: 'statutory' });
  const stationIds: number[] = [];
  const devices: number[] = [];
  let tenantId = 0;
  for (let i = 0; i < stations; i++) {
    if (i % 4 === 0) tenantId = (await svc.createTenant({ name: `Bench Air Industry ${i / 4 + 1}`, statutoryIds: [boardId] })).id;
    const { id } = await svc.createEntity({ tenantId, type: 'caaqms', name: `AAQMS ${i + 1}` });
    const d = await svc.createDevice({ tenantId, entityId: id, name: `Ambient analyser ${i + 1}`, params: POLLUTANTS.map((p) => ({ name: p.name, unit: p.unit })) });
    stationIds.push(id);
    devices.push(d.id);
  }
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  const to = new Date(Math.floor(Date.now() / 900_000) * 900_000);
  const from = new Date(to.getTime() - (31 * 24 + 8) * 3_600_000 - 3_600_000);
  await q('SELECT enviro_ensure_partitions($1, $2)', [from, to]);
  log(`rollups of ${stations} analysers, ${from.toISOString()} to ${to.toISOString()}`);
  await q(
    `INSERT INTO reading_15m (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last)
     SELECT d.tenant_id, d.id, s.slot, b, 15, 15 * v, v * 0.8, v * 1.2, v, v
     FROM device d
     CROSS JOIN unnest($3::float8[]) WITH ORDINALITY AS s(base, slot)
     CROSS JOIN generate_series($1::timestamptz, $2::timestamptz - interval '15 minutes', interval '15 minutes') AS b
     CROSS JOIN LATERAL (SELECT s.base * (0.6 + 0.8 * abs(sin(extract(epoch FROM b) / 86400 * 1.3 + d.id)) + 0.3 * random()) AS v) x
     WHERE d.id = ANY($4::bigint[]) AND random() > 0.033`,
    [from, to, POLLUTANTS.map((p) => p.base), devices],
  );
  await q(
    `INSERT INTO reading_1h (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last, slots)
     SELECT tenant_id, device_id, slot, date_bin('1 hour', bucket, timestamptz '2000-01-01 00:30Z') AS hour,
            sum(n), sum(sum), min(min), max(max), (array_agg(first ORDER BY bucket))[1], (array_agg(last ORDER BY bucket DESC))[1], count(*)
     FROM reading_15m WHERE device_id = ANY($1::bigint[])
     GROUP BY 1, 2, 3, 4`,
    [devices],
  );
  await q(
    `INSERT INTO suppression_window (tenant_id, device_id, kind, starts_at, ends_at, source)
     SELECT tenant_id, id, 'CALIBRATION', $1::timestamptz - (id % 28 + 1) * interval '1 day', $1::timestamptz - (id % 28 + 1) * interval '1 day' + interval '5 hours', 'bench'
     FROM device WHERE id = ANY($2::bigint[]) AND id % 10 = 0`,
    [to, devices],
  );
  await q('VACUUM ANALYZE');
  const hours = Number((await q('SELECT count(*) FROM reading_1h WHERE device_id = ANY($1::bigint[])', [devices])).rows[0].count);
  const { id: userId } = await services().users.accounts.create(
    { name: 'bench', userId: null },
    { name: 'Air Quality Officer', userName: `air.${Date.now()}@bench.in`, userType: 'statutory', role: 'user', tenantId: boardId },
  );
  const { token, id } = newSessionToken();
  await new SessionRepository(db).create({ id, tenantId: boardId, userId, expiresAt: new Date(Date.now() + SESSION_IDLE_MS), ip: null, userAgent: null });
  return { stations, hours, stationIds, cookie: `${SESSION_COOKIE}=${token}` };
}

/**
 * The board's air-quality view (GET /api/air-quality: every station, now and 30 days) over HTTP:
 * the first request, which computes every station's 30 days (the server then holds them for a few
 * minutes), and p50/p95 of the requests after it, which compute the index now afresh.
 */
export async function benchAirQuality(baseUrl: string, fleet: AirQualityFleet, runs: number): Promise<Timing & { firstMs: number }> {
  const colours = new Set<string>(Object.values(AQI_COLOURS));
  const once = async () => {
    const res = await fetch(`${baseUrl}/api/air-quality`, { headers: { cookie: fleet.cookie } });
    const json = (await res.json()) as { days: string[]; stations: { now: { aqi: number | null; colour: string | null }; days: unknown[] }[] };
    const indexed = res.status === 200 ? json.stations.filter((s) => s.now.aqi !== null && colours.has(s.now.colour!)).length : 0;
    if (res.status !== 200 || json.stations.length !== fleet.stations || json.days.length !== 30 || indexed < fleet.stations * 0.9) {
      throw new Error(`unexpected air-quality answer ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
    }
  };
  const t0 = performance.now();
  await once();
  const firstMs = Math.round(performance.now() - t0);
  return { ...(await timeRuns(once, runs)), firstMs };
}

/** The reference: one station's POST /api/data/aqi for now and the same 30 days, as its own page asks. */
export function benchStationAqi(baseUrl: string, fleet: AirQualityFleet, days: { first: string; last: string }, runs: number): Promise<Timing> {
  let i = 0;
  return timeRuns(async () => {
    const entityId = fleet.stationIds[i++ % fleet.stationIds.length];
    const res = await fetch(`${baseUrl}/api/data/aqi`, {
      method: 'POST',
      headers: { cookie: fleet.cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ request: { entityId, startDate: days.first, endDate: days.last } }),
    });
    const json = (await res.json()) as { days: unknown[] };
    if (res.status !== 200 || json.days.length !== 30) throw new Error(`unexpected aqi answer ${res.status}: ${JSON.stringify(json).slice(0, 300)}`);
  }, runs);
}
