import { cpus, totalmem } from 'node:os';
import { mkdtemp, rm, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '@enviro/server/platform/database/database';
import { startEmbeddedPostgres } from '@enviro/server/platform/database/embedded';
import { migrate } from '@enviro/server/platform/database/migrate';
import { drainRollups } from '@enviro/server/modules/data/rollups';
import { copyReference, measureBaselines } from './baselines.ts';
import { provisionFleet } from './fleet.ts';
import { benchFleetPage, type FleetPageFigures } from './fleet-page-bench.ts';
import { benchHttp, benchMqtt, type IngestFigure } from './ingest-bench.ts';
import { benchOversight, nationalFleet } from './oversight-bench.ts';
import { adminSession, benchBoardPaint, benchCalendar, benchMonthTrend, calendarFixture, checkCalendarExact, twelveWidgetBoard } from './dashboards-bench.ts';
import { benchRecent, benchTrend, trendFixture } from './query-bench.ts';
import { settled } from './settled.ts';
import { startServerProcess } from './server-process.ts';
import { benchIndustryPage, chromiumAvailable, ensureWebBuilt, type PaintFigure } from './web-bench.ts';
import { seedDemo } from '@enviro/server/demo/seed-demo';
import { DEMO_INDUSTRIES } from '@enviro/server/demo/catalogue';
import { measureStorage, storedReadings } from './storage.ts';
import { alertRows, benchAlerts } from './alerts-bench.ts';
import { closeServices, openServices, services } from './services.ts';

/**
 * `npm run bench [-- --quick] [-- --queries] [-- --fleet]`: measures the figures of docs/PERFORMANCE.md against a
 * fresh database on DATABASE_URL's server (or a throwaway embedded PostgreSQL) and prints them as
 * Markdown with the machine and date. `--queries` measures only the trend and recent-values
 * queries, for working on them; `--alerts` only the alert figures (also part of the full run); `--fleet` only the devices page of a
 * 1,000-device industry; `--reports` only the report figures (1-year daily averages, a board's availability report);
 * `--ingest` only ingestion (HTTP and MQTT beside the COPY baseline);
 * `--air-quality` only the board's air-quality view (200 CAAQMS stations, today's NAQI and 30 days);
 * `--open-data` only the open data API (a 1-year daily series, a month's bulk files of 500 stations, mixed traffic at 200/s);
 * `--quality` only the data-quality detectors (recall over the labelled set, ingestion with them on and off);
 * `--documents` only the documents figures (a 20 MiB upload and download with the server's memory, a 10,000-document list);
 * `--corrections` only the correction layer (the 30-day trend with a correction in force and its original, applying one).
 * `--energy` only the energy figures (a 201-meter facility tree's month by day, the ToD cost of a month of 200 meters).
 * `--billing` only the billing run (5,000 renewals by two runners at once, beside its plain-SQL floor).
 * `--compaction` only compacted history (bytes per reading, compaction throughput, 30-day hourly and 1-year daily trends over raw and compacted history).
 * `--cameras` only the camera figures (16 simulated cameras: first fragment, one upstream per camera, CPU per live stream).
 */
const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    queries: { type: 'boolean', default: false },
    regulator: { type: 'boolean', default: false },
    alerts: { type: 'boolean', default: false },
    fleet: { type: 'boolean', default: false },
    oversight: { type: 'boolean', default: false },
    dashboards: { type: 'boolean', default: false },
    reports: { type: 'boolean', default: false },
    'air-quality': { type: 'boolean', default: false },
    ingest: { type: 'boolean', default: false },
    'open-data': { type: 'boolean', default: false },
    quality: { type: 'boolean', default: false },
    documents: { type: 'boolean', default: false },
    corrections: { type: 'boolean', default: false },
    energy: { type: 'boolean', default: false },
    billing: { type: 'boolean', default: false },
    cameras: { type: 'boolean', default: false },
    compaction: { type: 'boolean', default: false },
  },
});
const scale = flags.quick ? 0.2 : 1;
const log = (s: string) => console.error(`[bench] ${s}`);

let stopEmbedded: (() => Promise<void>) | undefined;
let tmp: string | undefined;
let adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  tmp = await mkdtemp(path.join(tmpdir(), 'enviro-bench-'));
  await chmod(tmp, 0o777);
  const embedded = await startEmbeddedPostgres(path.join(tmp, 'pg'));
  adminUrl = embedded.url;
  stopEmbedded = embedded.stop;
}
const dbName = `enviro_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const benchUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const database = openDatabase(benchUrl);
const server = { stop: async () => undefined } as { stop(): Promise<void> };

try {
  await migrate(database.pool);
  await openServices(database);
  const version = (await database.pool.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;

  if (flags.regulator) {
    // Only the regulator push (issue 12): its own fleet, the server and receiver as processes.
    const { benchRegulator } = await import('./regulator-bench.ts');
    console.log((await benchRegulator(database, benchUrl, log, flags.quick ? 2_000 : 10_000)).join('\n'));
  } else if (flags.compaction) {
    // Only compacted history (issue 30): a year of one station (60 days with --quick), before and after.
    const { benchCompaction, compactionRows } = await import('./compaction-bench.ts');
    const figures = await benchCompaction(database.db, database.pool, async () => {
      const proc = await startServerProcess(benchUrl);
      server.stop = proc.stop;
      return proc;
    }, flags.quick ? 60 : 400, flags.quick ? 20 : 60, log);
    console.log([machine(version), '', '| Figure | Result | Reference, same run | Target |', '|---|---|---|---|', ...compactionRows(figures)].join('\n'));
  } else if (flags.fleet) {
    await benchFleetOnly(version);
  } else if (flags.queries) {
    await benchQueriesOnly(version);
  } else if (flags.alerts) {
    await benchAlertsOnly(version);
  } else if (flags.oversight) {
    await benchOversightOnly(version);
  } else if (flags.dashboards) {
    await benchDashboardsOnly(version);
  } else if (flags['air-quality']) {
    await benchAirQualityOnly(version);
  } else if (flags.ingest) {
    await benchIngestOnly(version);
  } else if (flags['open-data']) {
    // Only the open data figures of issue 37: the fixture through the services, the API over HTTP.
    const { openDataFleet, benchOpenData, benchOpenDataFiles } = await import('./open-data-bench.ts');
    const fleet = await openDataFleet(database.db, database.pool, Math.round(500 * scale), log);
    const files = await benchOpenDataFiles(database.pool, fleet, log);
    const proc = await startServerProcess(benchUrl);
    server.stop = proc.stop;
    const rows = await benchOpenData(proc.baseUrl, database.pool, fleet, flags.quick ? 10 : 30, 200, flags.quick ? 6 : 20, log);
    console.log([machine(version), '', '| Figure | Result | Reference, same run | Target |', '|---|---|---|---|', rows[0], files, ...rows.slice(1)].join('\n'));
  } else if (flags.quality) {
    // Only the data-quality figures of issue 36: the server as a process, detectors on and off.
    const { benchQuality, qualityRows } = await import('./quality/quality-bench.ts');
    const proc = await startServerProcess(benchUrl);
    server.stop = proc.stop;
    console.log([machine(version), '', ...qualityRows(await benchQuality(database.db, database.pool, proc.baseUrl, scale, log))].join('\n'));
  } else if (flags.documents) {
    await benchDocumentsOnly(version);
  } else if (flags.corrections) {
    // Only the correction layer of issue 35: the trend fixture through the services, the trend over HTTP.
    const { benchCorrections } = await import('./corrections-bench.ts');
    const proc = await startServerProcess(benchUrl);
    server.stop = proc.stop;
    const rows = await benchCorrections(database.db, database.pool, proc.baseUrl, flags.quick ? 40 : 200, log);
    console.log([machine(version), '', '| Figure | Measured | Reference on the same server, same run |', '|---|---|---|', ...rows].join('\n'));
  } else if (flags.energy) {
    await benchEnergyOnly(version);
  } else if (flags.billing) {
    // Only the billing run of issue 34: two BillingServices over their own pools, the gateway double over HTTP.
    const { benchBilling } = await import('./billing-bench.ts');
    const b = await benchBilling(benchUrl, database.pool, Math.round(5_000 * scale), log);
    const once = b.invoices === b.tenants && b.tenantsInvoiced === b.tenants && b.renewalOrders === b.tenants && b.gatewayPayments === b.tenants && b.gap === null;
    console.log(
      [
        machine(version),
        '',
        '| Figure | Result | Reference, same run | Target |',
        '|---|---|---|---|',
        `| Billing run: ${b.tenants.toLocaleString('en-IN')} monthly renewals due today, e-mandate debited on the gateway double over HTTP (order, recurring payment, fetch), settled with a gap-free GST invoice, two runners at once | ${(b.runMs / 1000).toFixed(1)} s (runners settled ${b.perRunner.map((r) => r.settled).join(' + ')}); ${b.invoices} invoices of ${b.tenantsInvoiced} tenants, ${b.renewalOrders} renewal orders, ${b.gatewayPayments} gateway payments, first gap ${b.gap ?? 'none'}: ${once ? 'each exactly once' : 'NOT each once'} | ${(b.referenceMs / 1000).toFixed(1)} s: the same number of transactions in plain SQL (shared counter and three rows each, two connections) | ≤ 60 s, each once |`,
      ].join('\n'),
    );
  } else if (flags.cameras) {
    // Only the camera figures of issue 32: the server as a process, tools/camera-sim as the cameras.
    const { benchCameras } = await import('./cameras-bench.ts');
    // The glass-to-glass figure plays the live view in the app's own camera page: the production build.
    ensureWebBuilt();
    const proc = await startServerProcess(benchUrl);
    server.stop = proc.stop;
    const rows = await benchCameras(database.db, proc.baseUrl, proc.pid, log, flags.quick ? 5 : 15);
    console.log([machine(version), '', '| Figure | Result | Target |', '|---|---|---|', ...rows].join('\n'));
  } else if (flags.reports) {
    // Only the report figures of issue 14 (report catalogue service, no HTTP).
    const { benchReports } = await import('./reports-bench.ts');
    console.log([machine(version), '', '| Figure | Result | Target |', '|---|---|---|', ...(await benchReports(database.db, database.pool, flags.quick ? 100 : 500, flags.quick ? 5 : 20))].join('\n'));
  } else {
    await benchAll(version);
  }
} finally {
  await server.stop();
  await closeServices();
  await database.close();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  await stopEmbedded?.();
  if (tmp) await rm(tmp, { recursive: true, force: true });
}

function machine(version: string): string {
  return (
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.trim()}, ` +
    `${Math.round(totalmem() / 2 ** 30)} GiB, PostgreSQL ${version}, Node ${process.version}${flags.quick ? ' (--quick)' : ''}.`
  );
}

function fleetRow(f: FleetPageFigures): string {
  return `| Devices page of a ${f.devices.toLocaleString('en-IN')}-device industry (GET /api/devices, 25 a page), over HTTP | first page p50 ${f.firstPage.p50} ms, p95 ${f.firstPage.p95} ms; ` +
  `search and status filter p50 ${f.filtered.p50} ms, p95 ${f.filtered.p95} ms; page 30 p50 ${f.deepPage.p50} ms, p95 ${f.deepPage.p95} ms (${f.firstPage.runs} runs each); GET /healthz in the same run p50 ${f.floor.p50} ms |`;
}

/** The devices page alone (`--fleet`): 1,000 devices, listed, filtered and paged. */
async function benchFleetOnly(version: string): Promise<void> {
  const proc = await startServerProcess(benchUrl);
  server.stop = proc.stop;
  log('devices page of a 1,000-device industry');
  const figures = await benchFleetPage(database.db, proc.baseUrl, Math.round(200 * scale) + 20);
  console.log([machine(version), '', '| Figure | Measured |', '|---|---|', fleetRow(figures)].join('\n'));
}

/**
 * A board's overview of a national-scale tenant set (5,000 industries, 15,000 stations; a fifth
 * with --quick), with the recent values of one tenant in the same run as the reference.
 */
async function benchOversightOnly(version: string): Promise<void> {
  const industries = Math.round(5000 * scale);
  log(`national tenant set: ${industries} industries`);
  const national = await nationalFleet(database.db, database.pool, industries);
  const fleet = await provisionFleet(database.db, 200);
  const proc = await startServerProcess(benchUrl);
  server.stop = proc.stop;
  await benchHttp(proc.baseUrl, fleet, 50, 16, Date.now() - 3600_000);
  await drainRollups(database);
  await settled(database.pool);
  await database.pool.query('ANALYZE');
  log("board's overview");
  const overview = await benchOversight(proc.baseUrl, national, Math.round(100 * scale) + 20);
  log('recent values (reference)');
  const recent = await benchRecent(proc.baseUrl, fleet.apiKey, fleet.stationIds, Math.round(100 * scale) + 20);
  console.log(
    [
      machine(version),
      '',
      '| Figure | Measured | Reference on the same server, same run |',
      '|---|---|---|',
      `| A board's overview (GET /api/oversight, first 50 rows worst first) of ${national.industries.toLocaleString('en-IN')} industries, ${national.stations.toLocaleString('en-IN')} stations, ${national.alerts.toLocaleString('en-IN')} alerts, over HTTP | p50 ${overview.p50} ms, p95 ${overview.p95} ms (${overview.runs} runs) | recent values of ${fleet.stationIds.length} stations: p50 ${recent.p50} ms, p95 ${recent.p95} ms |`,
    ].join('\n'),
  );
}

/**
 * The dashboards' figures (`--dashboards`): a 3-previous-years calendar heatmap of one parameter
 * over 1-minute data, checked day by day against raw, beside that station's 30-day hourly trend;
 * and a 12-widget dashboard's first meaningful paint, cold, beside the industry page's.
 */
async function benchDashboardsOnly(version: string): Promise<void> {
  ensureWebBuilt();
  log('calendar fixture: 1-minute PM2.5 since 1 January three years ago');
  const calendar = await calendarFixture(database.db, database.pool, Date.now());
  log('30 days of demo data');
  const demo = await seedDemo(services(), { days: 30 });
  await database.pool.query('ANALYZE');
  const proc = await startServerProcess(benchUrl);
  server.stop = proc.stop;
  log(`the server caught up on the demo's queued slots in ${await settled(database.pool)} s`);
  const days = await checkCalendarExact(proc.baseUrl, database.pool, calendar);
  log(`calendar: ${days} days equal their raw averages`);
  const runs = Math.round(100 * scale) + 20;
  const three = await benchCalendar(proc.baseUrl, calendar, 2, runs);
  const heatmap = await benchCalendar(proc.baseUrl, calendar, 3, runs);
  const month = await benchMonthTrend(proc.baseUrl, calendar, runs);
  const industry = await database.db.selectFrom('tenant').select('id').where('name', '=', DEMO_INDUSTRIES[0]!.name).executeTakeFirstOrThrow();
  const station = await database.db
    .selectFrom('entity')
    .innerJoin('device', (j) => j.onRef('device.tenant_id', '=', 'entity.tenant_id').onRef('device.entity_id', '=', 'entity.id'))
    .innerJoin('device_param', (j) => j.onRef('device_param.tenant_id', '=', 'device.tenant_id').onRef('device_param.device_id', '=', 'device.id'))
    .innerJoin('std_param', 'std_param.id', 'device_param.std_param_id')
    .select(['entity.id', 'std_param.name'])
    .where('entity.tenant_id', '=', industry.id)
    .orderBy('entity.id')
    .orderBy('device_param.slot')
    .execute();
  const cookie = await adminSession(database.db, industry.id);
  const boardId = await twelveWidgetBoard(proc.baseUrl, cookie, Number(station[0]!.id), [station[0]!.name, station[1]!.name]);
  const paintRuns = Math.round(20 * scale) + 3;
  log('12-widget dashboard in Chromium, cold cache');
  const board = await benchBoardPaint(proc.baseUrl, cookie, boardId, paintRuns);
  log('industry page (reference)');
  const page = await benchIndustryPage(proc.baseUrl, `/public/dashboard/industry/${industry.id}?back=${demo.statutoryTenantId}`, paintRuns);
  console.log(
    [
      machine(version),
      '',
      '| Figure | Measured | Reference on the same server, same run |',
      '|---|---|---|',
      `| Calendar heatmap of 3 years (this year and 2 previous, one request) of 1-minute PM2.5, over HTTP | p50 ${three.p50} ms, p95 ${three.p95} ms (${three.runs} runs) | the same station's 30-day hour_1 trend: p50 ${month.p50} ms, p95 ${month.p95} ms |`,
      `| Calendar heatmap of 4 years (this year and 3 previous: ${days.toLocaleString('en-IN')} days, ${calendar.readings.toLocaleString('en-IN')} readings; two requests at once, until the last answers); every day equal to its raw average | p50 ${heatmap.p50} ms, p95 ${heatmap.p95} ms (${heatmap.runs} runs) | as above |`,
      `| A 12-widget dashboard's first meaningful paint, cold cache (every chart drawn) | p50 ${board.p50} ms, p95 ${board.p95} ms (${board.runs} runs) | the public industry page's: p50 ${page.meaningful.p50} ms, p95 ${page.meaningful.p95} ms |`,
    ].join('\n'),
  );
}

/**
 * The board's air-quality view (`--air-quality`): 200 CAAQMS stations (40 with --quick), each with
 * its NAQI now and on each of the last 30 days, beside one station's POST /api/data/aqi for the
 * same days in the same run (the call its own page makes).
 */
async function benchAirQualityOnly(version: string): Promise<void> {
  const { airQualityFleet, benchAirQuality, benchStationAqi } = await import('./air-quality-bench.ts');
  const fleet = await airQualityFleet(database.db, database.pool, Math.round(200 * scale), log);
  const proc = await startServerProcess(benchUrl);
  server.stop = proc.stop;
  const runs = Math.round(100 * scale) + 20;
  log("board's air-quality view");
  const view = await benchAirQuality(proc.baseUrl, fleet, runs);
  const days = await fetch(`${proc.baseUrl}/api/air-quality`, { headers: { cookie: fleet.cookie } }).then((r) => r.json() as Promise<{ days: string[] }>);
  log("one station's POST /api/data/aqi (reference)");
  const station = await benchStationAqi(proc.baseUrl, fleet, { first: days.days[0]!, last: days.days.at(-1)! }, Math.round(40 * scale) + 10);
  console.log(
    [
      machine(version),
      '',
      '| Figure | Measured | Reference on the same server, same run |',
      '|---|---|---|',
      `| A board's air-quality view (GET /api/air-quality) of ${fleet.stations} CAAQMS stations: NAQI now and on each of the last 30 days (${fleet.hours.toLocaleString('en-IN')} hourly rollup rows), over HTTP | p50 ${view.p50} ms, p95 ${view.p95} ms (${view.runs} runs; the 30 days held by the server, the index now computed each time); target p50 ≤ 300 ms. First request, computing every station's 30 days: ${view.firstMs} ms | one station's NAQI now and for the same 30 days (POST /api/data/aqi): p50 ${station.p50} ms, p95 ${station.p95} ms (${station.runs} runs) |`,
    ].join('\n'),
  );
}

/** The trend and recent-values figures alone, on a fleet with an hour of readings. */
async function benchQueriesOnly(version: string): Promise<void> {
  const fleet = await provisionFleet(database.db, 200);
  const proc = await startServerProcess(benchUrl);
  server.stop = proc.stop;
  log('an hour of readings for the fleet');
  await benchHttp(proc.baseUrl, fleet, 200, 16, Date.now() - 3600_000);
  // As in the full run: the rollup worker's backlog is done before queries are timed.
  await drainRollups(database);
  await database.pool.query('ANALYZE');
  log('trend query');
  const fixture = await trendFixture(database.db, database.pool, Date.now());
  const trend = await benchTrend(proc.baseUrl, fixture, Math.round(200 * scale) + 20);
  log('recent values');
  const recent = await benchRecent(proc.baseUrl, fleet.apiKey, fleet.stationIds, Math.round(200 * scale) + 20);
  console.log(
    [
      machine(version),
      '',
      '| Figure | Measured |',
      '|---|---|',
      `| 30-day hour_1 trend, 8 parameters, 1-minute data, over HTTP | p50 ${trend.p50} ms, p95 ${trend.p95} ms (${trend.runs} runs) |`,
      `| Recent values of every station of a tenant (${fleet.stationIds.length} stations), over HTTP | p50 ${recent.p50} ms, p95 ${recent.p95} ms |`,
    ].join('\n'),
  );
}

/** The alert figures alone: ingestion with and without rules, alert latency, the alert list. */
async function benchAlertsOnly(version: string): Promise<void> {
  const proc = await startServerProcess(benchUrl);
  server.stop = proc.stop;
  const figures = await benchAlerts(database.db, database.pool, proc.baseUrl, scale, log);
  console.log([machine(version), '', '| Figure | Measured | Reference on the same server, same run |', '|---|---|---|', ...alertRows(figures)].join('\n'));
}

/** Ingestion alone (`--ingest`): HTTP and MQTT beside the COPY baseline of the same run. */
async function benchIngestOnly(version: string): Promise<void> {
  log('baselines');
  const base = await measureBaselines(database.pool, log);
  const fleet = await provisionFleet(database.db, 200);
  const proc = await startServerProcess(benchUrl);
  server.stop = proc.stop;
  const now = Date.now();
  log('HTTP ingestion');
  await benchHttp(proc.baseUrl, fleet, 200, 16, now - 1000 * 24 * 3600_000);
  const http = await benchHttp(proc.baseUrl, fleet, Math.round(4000 * scale), 32, now);
  log('MQTT ingestion');
  const mqtt = await benchMqtt(proc.mqttPort, fleet, 50, Math.round(60 * scale), 8, now);
  // The reference again once the figures are taken, the server stopped (its workers would still be
  // rolling up the backlog): on a shared machine one COPY at the start can fall on a quiet or a busy
  // minute; the share is of the mean of the two.
  await proc.stop();
  const after = await copyReference(database.pool);
  const copy = Math.round((base.copyRowsPerSec + after) / 2);
  const share = (f: IngestFigure) => `${Math.round((100 * f.readingsPerSec) / copy)} % of COPY`;
  console.log(
    [
      machine(version),
      '',
      '| Figure | Measured | COPY into a keyed narrow table, same run (mean of before and after) |',
      '|---|---|---|',
      `| HTTP ingestion, acknowledged after commit | ${http.readingsPerSec.toLocaleString('en-IN')} readings/s (${share(http)}) | ${copy.toLocaleString('en-IN')} rows/s (before ${base.copyRowsPerSec.toLocaleString('en-IN')}, after ${after.toLocaleString('en-IN')}) |`,
      `| MQTT ingestion, PUBACK after commit | ${mqtt.readingsPerSec.toLocaleString('en-IN')} readings/s (${share(mqtt)}) | |`,
    ].join('\n'),
  );
}

async function benchAll(version: string): Promise<void> {
  log('baselines');
  const base = await measureBaselines(database.pool, log);

  const browserBench = chromiumAvailable();
  if (browserBench) ensureWebBuilt();
  const fleet = await provisionFleet(database.db, 200);
  const proc = await startServerProcess(benchUrl);
  server.stop = proc.stop;
  const now = Date.now();

  log('HTTP ingestion');
  const warmup = await benchHttp(proc.baseUrl, fleet, 200, 16, now - 1000 * 24 * 3600_000);
  const http = await benchHttp(proc.baseUrl, fleet, Math.round(4000 * scale), 32, now);
  log(JSON.stringify(http));
  log('MQTT ingestion');
  const mqtt = await benchMqtt(proc.mqttPort, fleet, 50, Math.round(60 * scale), 8, now);
  log(JSON.stringify(mqtt));

  // The time ranges of the three runs are disjoint, so every acknowledged reading is a new stored value.
  const stored = await storedReadings(database.pool, fleet.tenantId);
  const acked = warmup.readings + http.readings + mqtt.readings;
  if (stored !== acked) throw new Error(`acknowledged ${acked} readings but ${stored} are stored`);
  log(`all ${acked} acknowledged readings are stored`);

  log('rollups of the ingested backlog');
  const t0 = performance.now();
  const buckets = await drainRollups(database);
  const rollupSeconds = (performance.now() - t0) / 1000;
  const storage = await measureStorage(database.pool);

  log('trend query');
  const fixture = await trendFixture(database.db, database.pool, Date.now());
  const trend = await benchTrend(proc.baseUrl, fixture, Math.round(200 * scale) + 20);
  log('recent values');
  await database.pool.query(
    'UPDATE series_latest SET ts = now() - interval \'1 minute\' WHERE tenant_id = $1', [fleet.tenantId],
  );
  const recent = await benchRecent(proc.baseUrl, fleet.apiKey, fleet.stationIds, Math.round(200 * scale) + 20);

  log('alerts');
  const alertFigures = await benchAlerts(database.db, database.pool, proc.baseUrl, scale, log);

  log('devices page of a 1,000-device industry');
  const fleetPage = await benchFleetPage(database.db, proc.baseUrl, Math.round(200 * scale) + 20);

  let paint: PaintFigure | undefined;
  if (browserBench) {
    log('industry page in Chromium, cold cache, on 30 days of demo data');
    const demo = await seedDemo(services(), { days: 30 });
    log(`the server caught up on the demo's queued slots in ${await settled(database.pool)} s`);
    const industry = await database.db
      .selectFrom('tenant')
      .select('id')
      .where('name', '=', DEMO_INDUSTRIES[0]!.name)
      .executeTakeFirstOrThrow();
    paint = await benchIndustryPage(proc.baseUrl, `/public/dashboard/industry/${industry.id}?back=${demo.statutoryTenantId}`, Math.round(20 * scale) + 3);
  } else {
    log('skipping the browser benchmark: no Chromium at /usr/bin/chromium (apt-get install chromium)');
  }

  const row = (k: string, v: string, ref: string) => `| ${k} | ${v} | ${ref} |`;
  console.log(
    [
      machine(version),
      '',
      '| Figure | Measured | Reference on the same server, same run |',
      '|---|---|---|',
      row('HTTP ingestion, acknowledged after commit', `${http.readingsPerSec.toLocaleString('en-IN')} readings/s (${http.rowsPerSec.toLocaleString('en-IN')} rows/s; ${http.readings.toLocaleString('en-IN')} readings in ${http.seconds} s)`, `COPY into a keyed narrow table ${base.copyRowsPerSec.toLocaleString('en-IN')} rows/s; INSERT … unnest ${base.unnestRowsPerSec.toLocaleString('en-IN')}; one row per round trip ${base.singleRowPerSec.toLocaleString('en-IN')}`),
      row('MQTT QoS 1 ingestion, PUBACK after commit', `${mqtt.readingsPerSec.toLocaleString('en-IN')} readings/s (${mqtt.readings.toLocaleString('en-IN')} readings in ${mqtt.seconds} s)`, 'as above'),
      row('Rollup of that backlog', `${buckets.toLocaleString('en-IN')} dirty 15-minute buckets in ${rollupSeconds.toFixed(1)} s`, ''),
      row('30-day hour_1 trend, 8 parameters, 1-minute data, over HTTP', `p50 ${trend.p50} ms, p95 ${trend.p95} ms (${trend.runs} runs)`, `plain GROUP BY over narrow raw rows: p50 ${base.plainGroupBy.p50} ms, p95 ${base.plainGroupBy.p95} ms`),
      row(`Recent values of every station of a tenant (${fleet.stationIds.length} stations), over HTTP`, `p50 ${recent.p50} ms, p95 ${recent.p95} ms`, ''),
      fleetRow(fleetPage).replace(/ \|$/, ' | target: p50 ≤ 50 ms |'),
      row(
        'Public industry page, cold cache, first contentful / first meaningful paint (heading and station values on screen)',
        paint ? `FCP p50 ${paint.fcp.p50} ms; meaningful p50 ${paint.meaningful.p50} ms, p95 ${paint.meaningful.p95} ms (${paint.runs} runs)` : 'not measured (no Chromium)',
        'target: meaningful paint under 1,500 ms',
      ),
      ...alertRows(alertFigures),
      row('Bytes on disk per stored reading', `${storage.rawBytesPerReading} raw + ${storage.rollupBytesPerReading} rollups (${storage.readings.toLocaleString('en-IN')} readings)`, `narrow keyed row: ${base.narrowBytesPerRow}`),
    ].join('\n'),
  );
}

/** The energy figures alone (`--energy`, issue 31): through the service, beside the register reads alone. */
async function benchEnergyOnly(version: string): Promise<void> {
  const { benchEnergy, energyFixture } = await import('./energy-bench.ts');
  log('energy fixture: 201 meters, a month of 15-minute registers');
  const t0 = performance.now();
  const fixture = await energyFixture(database.db, database.pool, Date.now());
  log(`fixture of ${fixture.readings.toLocaleString('en-IN')} readings in ${Math.round(performance.now() - t0)} ms`);
  const e = await benchEnergy(fixture, flags.quick ? 10 : 30);
  const t = (x: { p50: number; p95: number; runs: number }) => `p50 ${x.p50} ms, p95 ${x.p95} ms (${x.runs} runs)`;
  console.log(
    [
      machine(version),
      '',
      '| Figure | Result | Reference in the same run | Target |',
      '|---|---|---|---|',
      `| Consumption of a ${fixture.meters}-meter facility tree for one month by day (GET /api/energy/metrics of the facility, its loads and its ${fixture.groupIds.length} sections, through the service) | ${t(e.treeByDay)} | the registers' daily last, max and first read alone through the trends: ${t(e.treeReference)} | p50 ≤ 100 ms |`,
      `| ToD cost of a month for ${fixture.meters - 1} meters (GET /api/energy/cost: hourly energy of each meter, costed at its connection's dated tariff; ${Math.round(e.costKwh).toLocaleString('en-IN')} kWh) | ${t(e.monthCost)} | the registers' hourly last and max read alone through the trends: ${t(e.costReference)} | ≤ 1 s |`,
    ].join('\n'),
  );
}

/** The documents figures alone (`--documents`, issue 33): a 20 MiB file both ways, the list of 10,000 documents. */
async function benchDocumentsOnly(version: string): Promise<void> {
  const { benchDocumentList, benchTransfer, documentsFleet } = await import('./documents-bench.ts');
  const fleet = await documentsFleet(database.db, database.pool, 10_000);
  const proc = await startServerProcess(benchUrl);
  server.stop = proc.stop;
  log('20 MiB upload and download, three times');
  // Three rounds: memory that holds files grows with each, garbage not yet collected does not.
  const rounds = [];
  for (let i = 0; i < 3; i++) rounds.push(await benchTransfer(proc.baseUrl, proc.pid, fleet, 20));
  const t = rounds[0]!;
  const last = rounds.at(-1)!;
  log('documents list of 10,000');
  const list = await benchDocumentList(proc.baseUrl, fleet, Math.round(100 * scale) + 20);
  const mem = (m: { rss: number; peak: number }) => `RSS ${m.rss} MiB (peak ${m.peak})`;
  console.log(
    [
      machine(version),
      '',
      '| Figure | Result | Target |',
      '|---|---|---|',
      `| A 20 MiB PDF uploaded (POST /api/add-document, multipart streamed into 256 KiB rows) and downloaded (GET /api/document/{id}), over HTTP | upload ${t.uploadMs} ms, download ${t.downloadMs} ms (rounds 2 and 3: ${rounds.slice(1).map((r) => `${r.uploadMs} / ${r.downloadMs} ms`).join(', ')}); server ${mem(t.before)} before, ${mem(t.afterUpload)} after the first upload, ${mem(t.afterDownload)} after its download, ${mem(last.afterDownload)} after the third round | ≤ 2 s each, memory flat |`,
      `| Documents list of a tenant with ${fleet.documents.toLocaleString('en-IN')} documents (GET /api/documents, first page of 50 and quota use), over HTTP | p50 ${list.p50} ms, p95 ${list.p95} ms (${list.runs} runs) | p50 ≤ 50 ms |`,
    ].join('\n'),
  );
}
