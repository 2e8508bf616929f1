import type pg from 'pg';
import type { Db } from '@enviro/server/platform/database/database';
import { HistoryRepository } from '@enviro/server/demo/history.repository';
import { timeRuns, type Timing } from './stats.ts';
import { OperatorProvisioning } from '@enviro/server/operator-provisioning';
import { services } from './services.ts';

const TREND_PARAMS = ['pm', 'so2', 'nox', 'co', 'flow', 'o2', 'co2', 'temperature'] as const;
const DAY_MS = 24 * 3600_000;

export interface TrendFixture {
  tenantId: number;
  stationId: number;
  deviceId: number;
  apiKey: string;
  readings: number;
}

/** One CEMS station whose analyser reports 8 parameters every minute for the last 31 days (or `days`). */
export async function trendFixture(db: Db, pool: pg.Pool, nowMs: number, days = 31): Promise<TrendFixture> {
  const svc = OperatorProvisioning.of(services());
  const { id: tenantId } = await svc.createTenant({ name: 'Bench Trend Industry' });
  const { id: stationId } = await svc.createEntity({ tenantId, type: 'cems', name: 'Stack 1' });
  const device = await svc.createDevice({ tenantId, entityId: stationId, name: 'CEMS', params: TREND_PARAMS.map((name) => ({ name })) });
  const from = Math.floor((nowMs - days * DAY_MS) / 60_000) * 60_000;
  const minutes = Math.floor((nowMs - from) / 60_000);
  const history = new HistoryRepository({ db, pool });
  await history.copyReadings(lines(tenantId, device.id, from, minutes), from, nowMs + DAY_MS);
  await history.buildRollups([tenantId], from, nowMs);
  await pool.query('ANALYZE reading; ANALYZE reading_15m; ANALYZE reading_1h; ANALYZE reading_1d');
  const { key } = await svc.createApiKey(tenantId, 'bench');
  return { tenantId, stationId, deviceId: device.id, apiKey: key, readings: minutes * TREND_PARAMS.length };
}

function* lines(tenantId: number, deviceId: number, from: number, minutes: number): Generator<string> {
  let chunk = '';
  for (let m = 0; m < minutes; m++) {
    const vals = TREND_PARAMS.map((_, p) => (50 + 20 * Math.sin((m + p * 37) / 90) + ((m * 7919 + p) % 13) / 10).toFixed(2));
    chunk += `${tenantId}\t${deviceId}\t${new Date(from + m * 60_000).toISOString()}\t{${vals.join(',')}}\n`;
    if (m % 2000 === 1999) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * One request of a trend of the station's 8 parameters over HTTP, as the web app asks for it: by
 * default 30 days at hour_1; `minPoints` is the least answer it must get.
 */
export function trendRequest(baseUrl: string, f: TrendFixture, window = { duration: '30d-ago', interval: 'hour_1' }, minPoints = 700): () => Promise<void> {
  const body = JSON.stringify({
    request: { ...window, entityIds: [f.stationId], params: TREND_PARAMS.map((name) => ({ name })) },
  });
  return async () => {
    const res = await fetch(`${baseUrl}/api/data/metric`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${f.apiKey}` },
      body,
    });
    const json = (await res.json()) as { data: unknown[] }[];
    if (res.status !== 200 || json.length !== TREND_PARAMS.length || json[0]!.data.length < minPoints) {
      throw new Error(`unexpected trend answer ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
    }
  };
}

/** p50/p95 of a 30-day hour_1 trend of 8 parameters, over HTTP like the web app asks for it. */
export function benchTrend(baseUrl: string, f: TrendFixture, runs: number): Promise<Timing> {
  return timeRuns(trendRequest(baseUrl, f), runs);
}

/** p50/p95 of the recent values of every station of a tenant. */
export function benchRecent(baseUrl: string, apiKey: string, stationIds: number[], runs: number): Promise<Timing> {
  const body = JSON.stringify({ request: { entityIds: stationIds, backscan: 24 * 31 } });
  return timeRuns(async () => {
    const res = await fetch(`${baseUrl}/api/data/recent/metric`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
      body,
    });
    const json = (await res.json()) as unknown[];
    if (res.status !== 200 || json.length < stationIds.length) throw new Error(`unexpected recent answer ${res.status}: ${JSON.stringify(json).slice(0, 200)}`);
  }, runs);
}
