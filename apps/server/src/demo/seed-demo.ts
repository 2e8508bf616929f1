import type { FastifyInstance } from 'fastify';
import { seedDemoAlerts, seedMergedAlert, seedOngoingExceedance } from './alerts-demo.ts';
import { seedDemoReports } from './reports-demo.ts';
import { PartitionKeeper } from '../platform/database/partitions.ts';
import { seedTemplateDashboards } from '../modules/dashboards/dashboards.service.ts';
import { rebuildDayQuarters } from '../modules/dashboards/oversight-worker.ts';
import { rebuildComplianceDays } from '../modules/compliance/compliance-days-worker.ts';
import { rebuildQualityDays } from '../modules/data-quality/quality-worker.ts';
import { seedQualityStories } from './quality-demo.ts';
import { seedFleet } from './fleet.ts';
import { provisionSpectralAnalyser } from './spectral-demo.ts';
import { seedStationStatuses } from './station-statuses.ts';
import { OperatorProvisioning } from '../operator-provisioning.ts';
import { DEMO_STATUTORY, demoDevices, type DemoDevice } from './catalogue.ts';
import { seedCalibrations } from './calibrations.ts';
import { seedChangeRequests } from './change-requests-demo.ts';
import { seedWarrantyRequests } from './warranty-demo.ts';
import { seedDemoCameras } from './cameras-demo.ts';
import { seedDemoConsents } from './consents-demo.ts';
import { seedDemoMeasurements } from './measurements-demo.ts';
import { provisionEnergyDemo, seedEnergyStory } from './energy-demo.ts';
import { seedDemoSubscriptions } from './subscriptions-demo.ts';
import { seedCtoDocuments, type CtoStation } from './cto-documents.ts';
import { seedDemoAccounts, type DemoAccounts } from './demo-accounts.ts';
import { DemoRepository } from './demo.repository.ts';
import { HistoryRepository } from './history.repository.ts';
import { historyCopyText, type HistoryDevice } from './history.ts';
import { hashString, seededRandom, seriesSignal } from './signal.ts';
import { STATION_TEMPLATES } from './station-templates.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface SeedOptions {
  /** Days of 1-minute history ending at `now`. */
  days?: number;
  /** End of the history (ms); the current time by default. */
  now?: number;
  log?: (message: string) => void;
  /** Password of the demo accounts; random (and returned) when not given. */
  demoPassword?: string | undefined;
}

export interface SeedResult {
  /** True when the demo tenants already existed and nothing was written. */
  skipped: boolean;
  statutoryTenantId: number;
  /** API key of the statutory body, shown once (absent when skipped). */
  apiKey?: string;
  /** Sign-ins of every kind of user, shown once (absent when skipped). */
  accounts?: DemoAccounts;
  industries: number;
  stations: number;
  devices: number;
  readings: number;
  rollups: number;
  alerts: number;
  ms: number;
}

/**
 * Seeds the demo: a state pollution control board, its industries (mixed statuses), their stations
 * and devices, and `days` of 1-minute history with daily cycles, exceedances and outages.
 * Skips when the board already exists, so it runs at most once per database.
 */
export async function seedDemo(app: FastifyInstance, options: SeedOptions = {}): Promise<SeedResult> {
  const { database } = app;
  const started = performance.now();
  const days = options.days ?? 30;
  const log = options.log ?? (() => undefined);
  const existing = await new DemoRepository(database.db).findStatutoryId();
  const empty = { industries: 0, stations: 0, devices: 0, readings: 0, rollups: 0, alerts: 0 };
  if (existing !== undefined) return { skipped: true, statutoryTenantId: existing, ...empty, ms: performance.now() - started };

  const provisioning = OperatorProvisioning.of(app);
  const statutory = await provisioning.createTenant({
    name: DEMO_STATUTORY.name,
    type: 'statutory',
    state: DEMO_STATUTORY.state,
    city: DEMO_STATUTORY.city,
  });
  const toMs = Math.floor((options.now ?? Date.now()) / MINUTE_MS) * MINUTE_MS;
  const fromMs = toMs - days * DAY_MS + MINUTE_MS;
  const ctoStations: CtoStation[] = [];
  const devices = await provisionIndustries(provisioning, statutory.id, fromMs, toMs, ctoStations);
  const tenantIds = [...new Set(devices.map((d) => d.tenantId))];
  log(`provisioned ${tenantIds.length} industries and ${devices.length} devices`);

  await new PartitionKeeper(database.pool).ensure(fromMs, toMs);
  const history = new HistoryRepository(database);
  const counter = { rows: 0 };
  const spectral = await provisionSpectralAnalyser(provisioning, ctoStations, toMs);
  const energy = await provisionEnergyDemo(provisioning, app, ctoStations, fromMs, toMs);
  await history.copyReadings(historyCopyText([...devices, ...(spectral ? [spectral] : []), ...(energy?.devices ?? [])], fromMs, toMs, counter), fromMs, toMs);
  log(`copied ${counter.rows} readings (${since(started)})`);
  const misreported = await seedQualityStories(database.db, devices, toMs);
  log(`${misreported} readings flat-lined or bunched under a limit, for the data-quality detectors to find (${since(started)})`);
  const rollups = await history.buildRollups(tenantIds, fromMs, toMs);
  log(`built ${rollups} 15-minute rollups (${since(started)})`);
  // The oversight overview's 24-hour availability reads day maps the closed-slot feed keeps from now on.
  await rebuildDayQuarters(database.db, tenantIds, new Date(toMs - 2 * 86_400_000));
  await history.refreshLatest(tenantIds);
  const alerts = await history.raiseAlerts(tenantIds);
  log(`raised ${alerts} alerts (${since(started)})`);
  await seedCtoDocuments(database.db, app.entities.provisioning, DEMO_STATUTORY.name, ctoStations, toMs);
  log(`issued ${ctoStations.length} CTO documents (${since(started)})`);
  await seedDemoConsents(database.db, app, DEMO_STATUTORY.name, ctoStations, toMs);
  log(`recorded their consents (one expiring in 20 days, one expired) and each industry's logo (${since(started)})`);
  const labResults = await seedDemoMeasurements(database.db, ctoStations, toMs);
  log(`entered ${labResults} quarterly lab results of the industries' stacks and effluent outlets (${since(started)})`);
  const calibrations = await seedCalibrations(database.db, app.devices.windows, tenantIds, toMs);
  log(`recorded ${calibrations} calibrations: one analyser on schedule, one being calibrated, one overdue (${since(started)})`);
  // Compliance reads its closed days from tables the closed-slot feed keeps from now on.
  await rebuildComplianceDays(database.db, tenantIds, new Date(fromMs), new Date(toMs));
  log(`derived the compliance days (${since(started)})`);
  // The board's data-quality overview reads the last week's verdicts; older days are not assessed.
  await rebuildQualityDays(database.db, { windows: app.devices.windows, checks: app.devices.calibration }, tenantIds, new Date(toMs - 8 * DAY_MS), new Date(toMs));
  log(`assessed the last 8 days' data quality (${since(started)})`);
  let dashboards = 0;
  for (const tenantId of tenantIds) dashboards += await seedTemplateDashboards(database.db, tenantId);
  log(`seeded ${dashboards} template dashboards (${since(started)})`);
  await seedFleet(database.db, tenantIds);
  log(`licensed the industries' stations with room to add, a gateway and a spare analyser (${since(started)})`);
  const maintained = await seedStationStatuses(database.db, tenantIds);
  log(`set the stations Working, ${maintained ?? 'none'} under maintenance (${since(started)})`);
  const { key } = await provisioning.createApiKey(statutory.id, 'demo');
  await app.openData.publication.publishAsOperator(statutory.id);
  log(`published the board's industries through the open data API (${since(started)})`);
  const accounts = await seedDemoAccounts(database.db, app, {
    statutoryTenantId: statutory.id,
    industryTenantIds: tenantIds,
    groundWaterTenantIds: [...new Set(ctoStations.filter((s) => s.stationType === 'ground water').map((s) => s.tenantId))],
    password: options.demoPassword,
  });
  log(`created ${accounts.accounts.length} demo accounts (${since(started)})`);
  if (tenantIds[0] !== undefined) {
    const requests = await seedChangeRequests(app, tenantIds[0], statutory.id, toMs);
    log(`the first industry has ${requests} change requests: a maintenance window the board approved in the last day, one waiting, corrections approved and under review (${since(started)})`);
    const warranty = await seedWarrantyRequests(app, tenantIds[0], toMs);
    log(`and ${warranty} warranty requests with its service partner, one in progress and one overdue (${since(started)})`);
  }
  const openAlerts = await seedDemoAlerts(database.db, app.devices.windows, tenantIds, toMs, Math.min(24, days * 24));
  log(`evaluated the last day for alerts: ${openAlerts} were open (${since(started)})`);
  if (tenantIds[1] !== undefined) {
    const merged = await seedMergedAlert(database, app.devices.windows, tenantIds[1], toMs);
    log(`late readings joined ${merged} alerts of the second industry into others (${since(started)})`);
  }
  if (tenantIds[0] !== undefined) {
    const ongoing = await seedOngoingExceedance(database, app.devices.windows, tenantIds[0], toMs);
    log(`the first industry has ${ongoing} exceedances in progress, told to its and the board's users once the server runs (${since(started)})`);
    const cameras = await seedDemoCameras(app, tenantIds[0]);
    log(`and ${cameras.cameras} cameras (PTZ at its stack and the station of its open exceedance in a playlist${cameras.snapshot ? ', a snapshot attached to that exceedance' : ''}${cameras.offlineAlert ? '; one unplugged at the stack with its offline alert open' : ''}) (${since(started)})`);
  }
  if (energy) {
    const story = await seedEnergyStory(app, energy, fromMs, toMs);
    log(`the first industry's plant has ${energy.devices.length} energy meters (${story.resets} counter reset), a ToD tariff revised 12 days ago, daily clinker output and a month's budget past 75 % (${story.budgetAlerts} budget alerts) (${since(started)})`);
  }
  const reports = await seedDemoReports(database.db, app, tenantIds, log);
  log(`scheduled ${reports.schedules} reports, ${reports.sent} sent for their latest period; built ${reports.jobs} report jobs (${since(started)})`);
  const billing = await seedDemoSubscriptions(app, tenantIds);
  log(`billing: ${billing.paidInvoices} paid invoices (${billing.withCoupon} with a coupon), ${billing.trial} trials, ${billing.grace} in grace (${billing.reminders} reminders mailed), ${billing.expired} expired still pushing to the regulator (${since(started)})`);
  return {
    skipped: false,
    statutoryTenantId: statutory.id,
    apiKey: key,
    accounts,
    industries: tenantIds.length,
    stations: devices.length,
    devices: devices.length,
    readings: counter.rows,
    rollups,
    alerts,
    ms: performance.now() - started,
  };
}

function since(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

async function provisionIndustries(
  provisioning: OperatorProvisioning,
  statutoryId: number,
  fromMs: number,
  toMs: number,
  ctoStations: CtoStation[],
): Promise<HistoryDevice[]> {
  const out: HistoryDevice[] = [];
  const tenants = new Map<string, number>();
  const facilities = new Map<string, number>();
  for (const demo of demoDevices()) {
    const { industry } = demo;
    let tenantId = tenants.get(industry.name);
    if (tenantId === undefined) {
      tenantId = (
        await provisioning.createTenant({
          name: industry.name,
          status: industry.status,
          industryCategory: industry.category,
          state: DEMO_STATUTORY.state,
          city: industry.city,
          monitoredUnits: industry.stations.length,
          statutoryIds: [statutoryId],
        })
      ).id;
      tenants.set(industry.name, tenantId);
      const facility = await provisioning.createEntity({ tenantId, type: 'facility', name: industry.facility });
      facilities.set(industry.name, facility.id);
    }
    const station = await provisioning.createEntity({
      tenantId,
      parentId: facilities.get(industry.name)!,
      type: demo.station.type,
      name: demo.station.name,
      properties: stationProperties(demo),
    });
    ctoStations.push({
      tenantId,
      stationId: station.id,
      stationName: demo.station.name,
      stationType: demo.station.type,
      industryName: industry.name,
      city: industry.city,
      category: industry.category,
    });
    const template = STATION_TEMPLATES[demo.station.type];
    const device = await provisioning.createDevice({
      tenantId,
      entityId: station.id,
      name: `${template.make} ${template.model}`,
      make: template.make,
      model: template.model,
      serialNo: demo.serial,
      params: template.params.map(({ name, unit, min, max }) => ({ name, unit, min, max })),
    });
    out.push({
      tenantId,
      deviceId: device.id,
      serial: demo.serial,
      series: template.params.map((p) => seriesSignal(demo.serial, p.name, p.shape, p)),
      untilMs: toMs - silenceMs(demo, toMs - fromMs),
    });
  }
  return out;
}

/** How long before the end a silenced station stopped: days when offline, hours when delayed. */
function silenceMs(demo: DemoDevice, spanMs: number): number {
  if (demo.station.silence === 'offline') return Math.min(3 * DAY_MS, Math.floor(spanMs / 3 / MINUTE_MS) * MINUTE_MS);
  if (demo.station.silence === 'delayed') return Math.min(2.5 * HOUR_MS, Math.floor(spanMs / 10 / MINUTE_MS) * MINUTE_MS);
  return 0;
}

/** Operational, Capacity and Commisoning Date (SPEC 3 spelling), dates drawn from the serial. */
function stationProperties(demo: DemoDevice): { name: string; value: string }[] {
  const random = seededRandom(hashString(demo.serial));
  const commissioned = new Date(Date.UTC(2008, 0, 1) + Math.floor(random() * 14 * 365) * DAY_MS);
  return [
    { name: 'Operational', value: demo.station.shutDown ? 'False' : 'True' },
    { name: 'Capacity', value: String(demo.station.capacity) },
    { name: 'Commisoning Date', value: commissioned.toISOString().slice(0, 10) },
  ];
}
