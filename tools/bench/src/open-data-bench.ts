import { createHash, randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { addDays, dayOf, DEFAULT_TIME_ZONE, startOfDay } from '@enviro/domain/time-zone';
import { HistoryRepository } from '@enviro/server/demo/history.repository';
import { rebuildComplianceDays } from '@enviro/server/modules/compliance/compliance-days-worker';
import { OperatorProvisioning } from '@enviro/server/operator-provisioning';
import type { Db } from '@enviro/server/platform/database/database';
import { PartitionKeeper } from '@enviro/server/platform/database/partitions';
import { services } from './services.ts';
import type { TrafficPlan, TrafficResult } from './open-data-traffic.ts';
import { percentile, round, timeOwnRuns, timeRuns } from './stats.ts';

const DAY = 86_400_000;
const TRAFFIC = fileURLToPath(new URL('./open-data-traffic.ts', import.meta.url));
const istDay = (ms: number) => dayOf(ms, DEFAULT_TIME_ZONE);

/** A published board's fixture for the open data figures. */
export interface OpenDataFleet {
  /** The station with a year of quarters and compliance days. */
  yearStation: number;
  /** The stations with last month's quarters. */
  monthStations: number[];
  /** Last month, 'YYYY-MM'. */
  month: string;
  /** A developer's key whose limits the bench never meets. */
  key: string;
  /** The month stations' devices, which report live while the traffic is measured. */
  devices: { id: number; token: string }[];
}

/**
 * A board that publishes, one station with a year of 15-minute rollups of two parameters (and its
 * compliance days, which the daily series reads), and `stations` stations with last month's.
 */
export async function openDataFleet(db: Db, pool: pg.Pool, stations: number, log: (s: string) => void): Promise<OpenDataFleet> {
  const now = Date.now();
  const yearAgo = now - 366 * DAY;
  await new PartitionKeeper(pool).ensure(yearAgo - DAY, now + DAY);
  const svc = OperatorProvisioning.of(services());
  const q = (text: string, values: unknown[] = []) => pool.query(text, values);
  const { id: boardId } = await svc.createTenant({ name: 'Bench Open Board', type: 'statutory' });
  await services().openData.publication.publishAsOperator(boardId);
  // The server's files worker would queue every device's months as the board begins publishing and
  // make them while the traffic is measured: the bench makes the month's files itself.
  await q('UPDATE open_data_publication SET files_seeded_at = now() WHERE tenant_id = $1', [boardId]);

  const { id: yearTenant } = await svc.createTenant({ name: 'Bench Open Year Industry', statutoryIds: [boardId] });
  const yearStation = (await svc.createEntity({ tenantId: yearTenant, type: 'cems', name: 'Kiln stack' })).id;
  const yearDevice = await svc.createDevice({ tenantId: yearTenant, entityId: yearStation, name: 'Analyser', params: [{ name: 'pm', max: 50 }, { name: 'so2' }] });
  log('a year of quarters for one station');
  await q(
    `INSERT INTO reading_15m (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last)
     SELECT $1, $2, s, b, 15, 15 * (20 + s + 10 * sin(extract(epoch FROM b) / 3600)), 10, 40, 20, 20
     FROM generate_series(date_trunc('hour', $3::timestamptz), $4::timestamptz - interval '15 minutes', interval '15 minutes') b, generate_series(1, 2) s`,
    [yearTenant, yearDevice.id, new Date(yearAgo), new Date(Math.floor(now / 900_000) * 900_000)],
  );
  await rebuildComplianceDays(db, [yearTenant], new Date(yearAgo), new Date(now));

  const thisMonth = `${istDay(now).slice(0, 7)}-01`;
  const first = `${addDays(thisMonth, -1).slice(0, 7)}-01`;
  const month = first.slice(0, 7);
  const monthStations: number[] = [];
  const devices: { id: number; token: string }[] = [];
  let tenantId = 0;
  log(`${stations} stations with ${month}'s quarters`);
  for (let i = 0; i < stations; i++) {
    if (i % 5 === 0) tenantId = (await svc.createTenant({ name: `Bench Open Industry ${i / 5 + 1}`, statutoryIds: [boardId] })).id;
    const { id } = await svc.createEntity({ tenantId, type: 'cems', name: `Stack ${i + 1}` });
    const d = await svc.createDevice({ tenantId, entityId: id, name: `Analyser ${i + 1}`, params: [{ name: 'pm', max: 50 }, { name: 'so2' }] });
    monthStations.push(id);
    devices.push({ id: d.id, token: d.accessToken });
  }
  await q(
    `INSERT INTO reading_15m (tenant_id, device_id, slot, bucket, n, sum, min, max, first, last)
     SELECT d.tenant_id, d.id, s, b, 15, 15 * (20 + s + d.id % 7), 10, 40, 20, 20
     FROM device d, generate_series($1::timestamptz, $2::timestamptz - interval '15 minutes', interval '15 minutes') b, generate_series(1, 2) s
     WHERE d.id = ANY($3::bigint[]) AND random() > 0.02`,
    [new Date(startOfDay(first, DEFAULT_TIME_ZONE)), new Date(startOfDay(thisMonth, DEFAULT_TIME_ZONE)), devices.map((d) => d.id)],
  );
  // Their hours and days, as the rollup worker makes them from the quarters: hourly and daily series read those.
  const tenants = (await q('SELECT DISTINCT tenant_id FROM device WHERE id = ANY($1::bigint[])', [devices.map((d) => d.id)])).rows.map((r: { tenant_id: number }) => r.tenant_id);
  await new HistoryRepository({ db, pool }).buildHoursAndDays([yearTenant, ...tenants], yearAgo, now);
  await q('VACUUM ANALYZE');

  const key = `eo_bench_${randomBytes(12).toString('hex')}`;
  await q(
    `INSERT INTO open_api_key (email, key_hash, key_prefix, confirm_expires_at, confirmed_at, per_minute, per_hour)
     VALUES ('bench@bench.in', $1, 'eo_bench', now(), now(), 1000000, 1000000)`,
    [createHash('sha256').update(key).digest('hex')],
  );
  return { yearStation, monthStations, month, key, devices };
}

/**
 * Issue 37's figures over HTTP against the server process (`baseUrl`): a 1-year daily series of
 * one station; mixed open API traffic at `rate` requests a second for `seconds`.
 */
/**
 * The board's files made as when it begins publishing: every device's current and previous month
 * queued (`seedBoards`), then made by the worker's pass (`makeDue`, four months at once) until none
 * is due, in this process alone. Answers the figure's row.
 */
export async function benchOpenDataFiles(pool: pg.Pool, fleet: OpenDataFleet, log: (s: string) => void): Promise<string> {
  log(`${fleet.monthStations.length} stations' files of ${fleet.month}`);
  const files = services().openData.files;
  await pool.query('UPDATE open_data_publication SET files_seeded_at = NULL');
  const t0 = performance.now();
  await files.seedBoards();
  while ((await files.makeDue()) > 0);
  const ms = performance.now() - t0;
  const made = Number((await pool.query(`SELECT count(*) FROM open_data_file WHERE month = $1::date`, [`${fleet.month}-01`])).rows[0].count);
  if (made < fleet.monthStations.length) throw new Error(`files: ${made} of ${fleet.monthStations.length}`);
  // The reference: the month's quarters of every station read by one plain statement, as text
  // (what a file holds, without coverage, quality, CSV or gzip).
  const r0 = performance.now();
  await pool.query(
    `SELECT string_agg(concat_ws(',', d.entity_id, r.slot, r.bucket, r.sum / r.n), E'\n') FROM reading_15m r JOIN device d ON d.tenant_id = r.tenant_id AND d.id = r.device_id
     WHERE d.id = ANY($1::bigint[]) AND r.bucket >= $2 AND r.bucket < $3`,
    [fleet.devices.map((d) => d.id), new Date(startOfDay(`${fleet.month}-01`, DEFAULT_TIME_ZONE)), new Date(startOfDay(addDays(`${fleet.month}-28`, 4).slice(0, 8) + '01', DEFAULT_TIME_ZONE))],
  );
  const reference = performance.now() - r0;
  return `| A month's bulk files (CSV.gz, 2 parameters, 2,880 quarters each) of ${fleet.monthStations.length} stations, as the worker makes them when the board begins publishing (the current month's queue included) | ${round(ms / 1000)} s in all, ${round(ms / fleet.monthStations.length)} ms a station | the month's quarters of all stations read as text by one plain statement ${round(reference)} ms | target: 500 stations ≤ 60 s |`;
}

export async function benchOpenData(baseUrl: string, pool: pg.Pool, fleet: OpenDataFleet, runs: number, rate: number, seconds: number, log: (s: string) => void): Promise<string[]> {
  const now = Date.now();
  const get = async (path: string) => {
    const res = await fetch(`${baseUrl}${path}`, { headers: { 'x-api-key': fleet.key } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
    return body;
  };
  const yearUrl = `/api/open/v1/stations/${fleet.yearStation}/series?parameter=pm&resolution=1d&from=${istDay(now - 365 * DAY)}&to=${istDay(now)}`;
  log('1-year daily series');
  const yearSeries = async () => {
    const points = (JSON.parse(await get(yearUrl)) as { data: { points: unknown[] } }).data.points.length;
    if (points !== 366) throw new Error(`1-year daily series: ${points} points`);
  };
  // Made afresh: a slot change (the feed's version moved, as a late reading moves it) before each
  // run, so the server cannot answer from the answers it keeps; then as kept.
  const year = await timeOwnRuns(async () => {
    await pool.query(`SELECT nextval('slot_change_seq_seq')`);
    const t0 = performance.now();
    await yearSeries();
    return performance.now() - t0;
  }, runs);
  const yearKept = await timeRuns(yearSeries, runs);

  log(`mixed traffic, ${rate}/s for ${seconds} s`);
  const day = istDay(now - DAY);
  const some = (i: number) => fleet.monthStations[i % fleet.monthStations.length];
  const mix = [
    () => '/api/open/v1/stations?pageSize=50',
    (i: number) => `/api/open/v1/stations/${some(i)}`,
    (i: number) => `/api/open/v1/stations/${some(i)}/series?parameter=pm&resolution=15m&from=${fleet.month}-10`,
    (i: number) => `/api/open/v1/stations/${some(i)}/series?parameter=so2&resolution=1h&from=${fleet.month}-01&to=${fleet.month}-07`,
    () => `/api/open/v1/stations/${fleet.yearStation}/series?parameter=pm&resolution=1d&from=${fleet.month}-01&to=${day}`,
    (i: number) => `/api/open/v1/stations/${some(i)}/exceedances?from=${fleet.month}-01&to=${fleet.month}-28`,
  ];
  // Ingestion at the demo's rate while the traffic runs: every device of the month stations sends
  // one reading of its parameters a minute (the demo's devices report each minute, live-feed.ts),
  // spread over the minute, through HTTP telemetry as a device's gateway sends it.
  let ingesting = true;
  let readings = 0;
  let ingestFailures = 0;
  const ingestion = (async () => {
    const gap = 60_000 / fleet.devices.length;
    const sent: Promise<void>[] = [];
    for (let n = 0; ingesting; n++) {
      const device = fleet.devices[n % fleet.devices.length]!;
      const body = JSON.stringify([{ ts: Date.now(), values: { pm: 20 + (n % 17), so2: 30 + (n % 11) } }]);
      sent.push(
        fetch(`${baseUrl}/api/v1/${device.token}/telemetry`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
          async (res) => {
            await res.arrayBuffer();
            if (res.status === 200) readings += 1;
            else ingestFailures += 1;
          },
          (error: Error) => {
            ingestFailures += 1;
            if (ingestFailures === 1) log(`ingestion: ${error.message} (${String((error.cause as Error | undefined)?.message)})`);
          },
        ),
      );
      await new Promise((r) => setTimeout(r, gap));
    }
    await Promise.all(sent);
  })();
  // The reference in the same run: GET /healthz (no database) at 5/s, beside the traffic.
  const floor: number[] = [];
  const floorProbe = (async () => {
    while (ingesting) {
      const t = performance.now();
      await fetch(`${baseUrl}/healthz`).then((r) => r.arrayBuffer());
      floor.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  // The ingestion runs alone a few seconds first, so the traffic meets it in its stride.
  await new Promise((r) => setTimeout(r, 3000));
  const count = rate * seconds;
  const plan: TrafficPlan = {
    baseUrl,
    key: fleet.key,
    paths: Array.from({ length: count }, (_, i) => mix[i % mix.length]!(i)),
    routes: Array.from({ length: count }, (_, i) => i % mix.length),
    rate,
  };
  const offered = new Promise<TrafficResult>((resolve, reject) => {
    const child = fork(TRAFFIC, { execArgv: ['--import', 'tsx'] });
    child.once('message', (result: TrafficResult) => resolve(result));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the traffic process exited with ${code} before answering`)));
    child.send(plan);
  });
  // The devices and the probe stop with the traffic, also when it failed.
  const traffic = await offered.finally(() => (ingesting = false));
  await Promise.all([ingestion, floorProbe]);
  floor.sort((a, b) => a - b);
  const { tookSeconds } = traffic;
  const achieved = round(count / traffic.offeredFor);
  const ingestRate = round(readings / (tookSeconds + 3));
  const failures = traffic.failedBy.reduce((n, [, k]) => n + k, 0);
  if (failures > 0) log(`failed requests: ${traffic.failedBy.map(([reason, n]) => `${n} × ${reason}`).join('; ')}`);
  // Where in the run the slow answers were: the p95 of the requests offered in each second.
  log(`p95 by second offered (ms): ${traffic.bySecond.map((s) => round(percentile(s.sort((a, b) => a - b), 95))).join(', ')}`);
  const byRoute = mix.map((_, k) => (traffic.byRoute[k] ?? []).sort((a, b) => a - b));
  const samples = byRoute.flat().sort((a, b) => a - b);
  const names = ['stations', 'station', '15m day', '1h week', '1d month', 'exceedances'];
  const perRoute = byRoute.map((r, k) => `${names[k]} ${round(percentile(r, 50))}/${round(percentile(r, 95))}`).join(', ');
  return [
    `| 1-year daily series of one station (GET …/series?resolution=1d, 366 days, one page), over HTTP, made afresh (a slot changed before each run) | p50 ${year.p50} ms, p95 ${year.p95} ms (${year.runs} runs) | as kept by the server (no change since): p50 ${yearKept.p50} ms, p95 ${yearKept.p95} ms | target p50 ≤ 50 ms |`,
    `| Mixed open API traffic (stations, station, 15m day, 1h week, 1d month, exceedances) offered at ${rate}/s for ${seconds} s, over HTTP from a process of its own, while the ${fleet.devices.length} month stations' devices each report a reading a minute over HTTP (${ingestRate} readings/s taken, ${ingestFailures} refused) | p50 ${round(percentile(samples, 50))} ms, p95 ${round(percentile(samples, 95))} ms; ${achieved}/s sent, all answered after ${round(tookSeconds)} s; ${failures} failed; p50/p95 by route (ms): ${perRoute} | GET /healthz at 5/s in the same run: p50 ${round(percentile(floor, 50))} ms, p95 ${round(percentile(floor, 95))} ms | target: 200/s with p95 ≤ 100 ms while ingestion runs |`,
  ];
}
