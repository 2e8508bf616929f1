import type pg from 'pg';
import type { Db } from '@enviro/server/platform/database/database';
import { AlertEvaluator } from '@enviro/server/modules/alerts/alert-evaluation';
import { CEMS_PARAMS, telemetryBody, type Fleet } from './fleet.ts';
import { benchHttp, type IngestFigure } from './ingest-bench.ts';
import { settled } from './settled.ts';
import { statementProbe } from './statements.ts';
import { percentile, round, timeRuns, type Timing } from './stats.ts';
import { OperatorProvisioning } from '@enviro/server/operator-provisioning';
import { services } from './services.ts';

const MINUTE = 60_000;
const BUCKET = 15 * MINUTE;

/**
 * Limits on every parameter of the bench analysers, set so the fleet's signals (fleet.ts) break them
 * for about a fifth of the time in episodes of a couple of hours: every series is watched by a
 * 15-minute rule (the CPCB defaults) and alerts open and resolve as they would in service.
 */
const LIMITS: Record<(typeof CEMS_PARAMS)[number], number> = { pm: 40, so2: 340, nox: 230, co: 44, flow: 157_000 };

/** A tenant with `count` stations of one five-parameter analyser each, every parameter with a limit. */
export async function provisionAlertFleet(db: Db, count: number): Promise<Fleet> {
  const svc = OperatorProvisioning.of(services());
  const { id: tenantId } = await svc.createTenant({ name: `Bench Alerts ${Date.now()}` });
  const { id: plantId } = await svc.createEntity({ tenantId, type: 'facility', name: 'Plant' });
  const stationIds: number[] = [];
  const devices: Fleet['devices'] = [];
  for (let i = 0; i < count; i++) {
    const { id: stationId } = await svc.createEntity({ tenantId, parentId: plantId, type: 'cems', name: `Stack ${i + 1}` });
    const d = await svc.createDevice({ tenantId, entityId: stationId, name: `Analyser ${i + 1}`, params: CEMS_PARAMS.map((name) => ({ name, max: LIMITS[name] })) });
    stationIds.push(stationId);
    devices.push({ id: d.id, token: d.accessToken });
  }
  const { key } = await svc.createApiKey(tenantId, 'bench');
  return { tenantId, apiKey: key, stationIds, devices };
}

async function setRules(pool: pg.Pool, tenantId: number, status: 'ENABLED' | 'DISABLED'): Promise<number> {
  const res = await pool.query(`UPDATE alert_rule SET status = $2 WHERE tenant_id = $1`, [tenantId, status]);
  return res.rowCount ?? 0;
}

type IngestRun = IngestFigure & { drainSeconds: number };

/** Runs as one: readings over seconds of all, catching up as their mean. */
function combine(runs: readonly IngestRun[]): IngestRun & { runs: number[] } {
  const readings = runs.reduce((n, r) => n + r.readings, 0);
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const drainSeconds = round(runs.reduce((n, r) => n + r.drainSeconds, 0) / runs.length);
  return { ...runs[0]!, readings, seconds, readingsPerSec: Math.round(readings / seconds), rowsPerSec: Math.round(readings / CEMS_PARAMS.length / seconds), drainSeconds, runs: runs.map((r) => r.readingsPerSec) };
}

/**
 * The order of the ingestion runs: each kind takes every position in turn (ABBA BAAB), so what
 * drifts over a sitting (the tables grow) weighs on both alike. The places once seemed to matter
 * more (one run always fastest); that was each run's own readings, which SIGNAL_PHASE now makes
 * the same. In the full bench the first runs with rules were the slowest: each rollup pass read the
 * whole of the reading table, by every partition's index until a statistics refresh made it a hash
 * join, cheaper but still the whole table (docs/performance-history.md, 2026-11-27, ninth session).
 */
const ORDER = ['DISABLED', 'ENABLED', 'ENABLED', 'DISABLED', 'ENABLED', 'DISABLED', 'DISABLED', 'ENABLED'] as const;

/**
 * The signals' minute at a device's first reading of a run: the devices 100 minutes apart, so the
 * fleet's 200 stretches of 100 minutes sample the signals' long run (out of limit about a fifth of
 * the time, LIMITS) the same way in every run, and stacks breach at different times as they would.
 */
const SIGNAL_PHASE = (device: number): number => device * 100;

export interface AlertBenchFigures {
  series: number;
  rules: number;
  /** The runs without rules (ORDER). */
  without: IngestRun & { runs: number[] };
  /** The runs with rules. */
  with: IngestRun & { runs: number[] };
  episodes: number;
  latency: Timing & { max: number; liveRate: number };
  list: Timing;
  listTotal: number;
  open: number;
}

/**
 * The issue's "Measured" figures for alerts, on a server process (with its rollup and alert
 * workers) and its database:
 * 1. HTTP backlog ingestion in eight runs, four with the rules disabled and four enabled (a 15-minute
 *    rule on every series) in the order ORDER, on disjoint time ranges; and how long the workers take
 *    to catch up after each.
 * 2. Latency of an alert: a breaching reading posted into the slot that closed last, while every
 *    device reports live, until its alert is open (poll every 50 ms). It stands for "after the
 *    slot closes": the rollup worker treats a closed slot with new readings as it treats one that
 *    just closed, at its next 2-second pass.
 * 3. 10,000 open alerts (inserted): POST /api/alerts filtered (OPEN, one parameter) and paged, with an API key.
 */
export async function benchAlerts(db: Db, pool: pg.Pool, baseUrl: string, scale: number, log: (s: string) => void): Promise<AlertBenchFigures> {
  const stations = Math.max(20, Math.round(200 * scale));
  const fleet = await provisionAlertFleet(db, stations);
  const defaults = await new AlertEvaluator(db, services().devices.windows).ensureDefaults();
  const rules = defaults.rules;
  const requests = Math.round(3000 * scale);
  const now = Date.now();

  // Eight runs (ORDER), each every device's 25 hours (abreast), 26 hours apart in the last nine
  // days: runs reaching years back met partitions of their own (one ran at a fifth of the others).
  // Every run ingests the same values (SIGNAL_PHASE): with the clock's, each run's values were one
  // 100-minute stretch of the signals, out of limit in 0 to 40 % of them as the bench's start time
  // fell, and each out-of-limit reading writes a SYSTEM alert row as it is ingested: runs of one
  // kind ranged from 1,00,000 to 2,04,000 readings/s with their share, whatever their place.
  const HOUR = 3600_000;
  const statements = await statementProbe(pool);
  const run = async (status: 'ENABLED' | 'DISABLED', k: number) => {
    log(`alerts: ingestion ${status === 'ENABLED' ? 'with' : 'without'} rules (run ${k + 1} of ${ORDER.length})`);
    await setRules(pool, fleet.tenantId, status);
    await statements?.reset();
    const t0 = performance.now();
    const figure = await benchHttp(baseUrl, fleet, requests, 32, now - (k + 1) * 26 * HOUR, 'abreast', SIGNAL_PHASE);
    const drainSeconds = await settled(pool, t0, ['alerts']);
    // Every other reader of the closed slots (compliance days, oversight, regulator) done too, so no
    // run inherits the work of the one before.
    await settled(pool, t0);
    log(`alerts: run ${k + 1} ${figure.readingsPerSec.toLocaleString('en-IN')} readings/s in ${round(figure.seconds)} s; caught up after ${drainSeconds} s`);
    await statements?.top(`of run ${k + 1}`, log);
    return { ...figure, drainSeconds, status };
  };
  // The full bench comes here after ingesting months of backlog: run 1 starts on a server that has
  // caught up, as each later run does.
  const waited = await settled(pool);
  if (waited > 1) log(`alerts: the server caught up on earlier work in ${waited} s`);
  const runs: (IngestRun & { status: string })[] = [];
  for (const [k, status] of ORDER.entries()) runs.push(await run(status, k));
  const without = combine(runs.filter((r) => r.status === 'DISABLED'));
  const withRules = combine(runs.filter((r) => r.status === 'ENABLED'));
  const episodes = Number((await pool.query(`SELECT count(*) FROM alert_episode WHERE tenant_id = $1`, [fleet.tenantId])).rows[0].count);
  log(`alerts: runs ${runs.map((r) => `${r.status === 'ENABLED' ? 'with' : 'without'} ${r.readingsPerSec}/s`).join(', ')}; ${episodes} alerts`);

  // The latency phase needs the rules on, whatever the last run was.
  await setRules(pool, fleet.tenantId, 'ENABLED');

  log('alerts: latency under load');
  const latencies: number[] = [];
  let loading = true;
  // Devices reporting live (one reading of all five parameters a request, 8 in flight): the
  // ingestion and its commits go on, and the rollup worker has the closed slots only to do.
  // The probes' devices are kept out of it: the live readings in a probe's slot would otherwise
  // pull its average back under the limit (one probe's slot, the first after a slot boundary,
  // held a minute of live readings and never broke the rule).
  const probes = Math.max(10, Math.round(40 * scale));
  const probed = fleet.devices.slice(0, Math.min(probes, fleet.devices.length / 2));
  const reporting = fleet.devices.slice(probed.length);
  let live = 0;
  const background = (async () => {
    await Promise.all(
      Array.from({ length: 8 }, async (_, k) => {
        for (let n = k; loading; n += 8) {
          const device = reporting[n % reporting.length]!;
          const res = await fetch(`${baseUrl}/api/v1/${device.token}/telemetry`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: telemetryBody(Date.now() - 1000, 1) }).catch(
            // A second for the server process's exit, if that is why, to be reported before the bench ends.
            async (error: Error) => {
              await new Promise((r) => setTimeout(r, 1000));
              throw new Error(`live load: ${error.message} (${String((error.cause as Error | undefined)?.message)})`);
            },
          );
          if (res.status !== 200) throw new Error(`live load: HTTP ${res.status}`);
          live += 1;
        }
      }),
    );
  })();
  // Kept as a value until awaited below: a probe failing first must not be masked by the live load's
  // errors once the server is stopped (they would surface as an unhandled rejection instead).
  const backgroundDone = background.then(() => null, (error: unknown) => error);
  const loadStarted = performance.now();
  for (let i = 0; i < probes; i++) {
    const device = probed[i % probed.length]!;
    // The slot that closed last; a fresh device (or slot) each time so no episode is open on it yet.
    const closed = Math.floor(Date.now() / BUCKET) * BUCKET - BUCKET - Math.floor(i / probed.length) * 4 * BUCKET;
    const body = JSON.stringify([{ ts: closed + 7 * MINUTE, values: { pm: 500 } }]);
    const res = await fetch(`${baseUrl}/api/v1/${device.token}/telemetry`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (res.status !== 200) throw new Error(`latency probe: HTTP ${res.status}`);
    const sent = performance.now();
    for (;;) {
      const { rows } = await pool.query(
        `SELECT 1 FROM alert_episode a JOIN std_param sp ON sp.id = a.std_param_id
          WHERE a.tenant_id = $1 AND a.device_id = $2 AND sp.name = 'pm' AND a.started_at <= $3 AND a.last_breach_at >= $3`,
        [fleet.tenantId, device.id, new Date(closed)],
      );
      if (rows.length > 0) break;
      if (performance.now() - sent > 120_000) throw new Error('latency probe: no alert within 120 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    latencies.push(performance.now() - sent);
    log(`alerts: latency ${round(latencies.at(-1)!)} ms`);
  }
  loading = false;
  const backgroundError = await backgroundDone;
  if (backgroundError) throw backgroundError;
  const liveRate = Math.round((live * CEMS_PARAMS.length) / ((performance.now() - loadStarted) / 1000));
  latencies.sort((a, b) => a - b);

  log('alerts: 10,000 open alerts listed');
  // One active alert per rule and series (the partial unique index): enough disabled tenant-wide
  // rules that every series has 10,000 / series of them, and an open alert for each.
  const copies = Math.ceil(10_000 / (fleet.devices.length * CEMS_PARAMS.length));
  await pool.query(
    `INSERT INTO alert_rule (tenant_id, name, condition, threshold_max, status)
     SELECT $1, 'bench ' || k, 'AVG_15M', 1, 'DISABLED' FROM generate_series(1, $2) k`,
    [fleet.tenantId, copies],
  );
  await pool.query(
    `INSERT INTO alert_episode (tenant_id, rule_id, device_id, entity_id, slot, std_param_id, type, severity, status, started_at, last_breach_at, peak, limit_max, slot_count, message)
     SELECT r.tenant_id, r.id, d.id, d.entity_id, dp.slot, dp.std_param_id, 'AVG_15M', 'MAJOR', 'OPEN',
            now() - ((row_number() OVER ()) * interval '1 minute'), now(), 99, 1, 1, 'bench'
     FROM alert_rule r
     JOIN device d ON d.tenant_id = r.tenant_id
     JOIN device_param dp ON dp.tenant_id = d.tenant_id AND dp.device_id = d.id
     WHERE r.tenant_id = $1 AND r.name LIKE 'bench %'`,
    [fleet.tenantId],
  );
  await pool.query('ANALYZE alert_episode');
  let listTotal = 0;
  const list = await timeRuns(async () => {
    const res = await fetch(`${baseUrl}/api/alerts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fleet.apiKey}` },
      body: JSON.stringify({ status: ['OPEN'], paramName: 'pm', type: ['AVG_15M'], page: 3, size: 50 }),
    });
    if (res.status !== 200) throw new Error(`alert list: HTTP ${res.status}`);
    listTotal = ((await res.json()) as { total: number }).total;
  }, Math.round(100 * scale) + 20);

  return {
    series: stations * CEMS_PARAMS.length,
    rules,
    without,
    with: withRules,
    episodes,
    latency: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), max: round(latencies.at(-1)!), runs: latencies.length, liveRate },
    list,
    listTotal,
    open: Number((await pool.query(`SELECT count(*) FROM alert_episode WHERE tenant_id = $1 AND status = 'OPEN'`, [fleet.tenantId])).rows[0].count),
  };
}

/** The Markdown rows of the figures. */
export function alertRows(f: AlertBenchFigures): string[] {
  const ratio = Math.round((100 * f.with.readingsPerSec) / f.without.readingsPerSec);
  return [
    `| HTTP ingestion with a 15-minute rule on every series (${f.series} series, ${f.rules} rules) | ${f.with.readingsPerSec.toLocaleString('en-IN')} readings/s (runs 2, 3, 5 and 8: ${f.with.runs.map((r) => r.toLocaleString('en-IN')).join(', ')}), ${ratio} % of the runs without rules; workers caught up ${f.with.drainSeconds} s after a run's start (mean), ${f.episodes} alerts raised | same server, rules disabled (runs 1, 4, 6 and 7: ${f.without.runs.map((r) => r.toLocaleString('en-IN')).join(', ')}): ${f.without.readingsPerSec.toLocaleString('en-IN')} readings/s; caught up after ${f.without.drainSeconds} s (mean) |`,
    `| Alert open after its slot's breaking reading is committed, while devices report live (${f.latency.liveRate.toLocaleString('en-IN')} readings/s) | p50 ${f.latency.p50} ms, p95 ${f.latency.p95} ms, max ${f.latency.max} ms (${f.latency.runs} alerts) | target p95 ≤ 5,000 ms; the workers poll every 2 s (rollups) and 1 s (alerts) |`,
    `| POST /api/alerts, one parameter, page 4 of 50, over ${f.listTotal.toLocaleString('en-IN')} matching of ${f.open.toLocaleString('en-IN')} open alerts, API key | p50 ${f.list.p50} ms, p95 ${f.list.p95} ms (${f.list.runs} runs) | target p50 ≤ 50 ms |`,
  ];
}
