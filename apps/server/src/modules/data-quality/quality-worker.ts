import { assessStation, scoreParts, STACK_POLLUTANTS, type QualityWindow, type SlotQuality } from '@enviro/domain/data-quality/assess';
import { addCalendar, dayOf, DEFAULT_TIME_ZONE, startOfDay } from '@enviro/domain/time-zone';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/database/database.ts';
import { startPollingWorker, type PollingWorker } from '../../platform/jobs/polling-worker.ts';
import { SlotChangeFeed, type SlotChange } from '../data/slot-changes.service.ts';
import { driftPeriods } from '@enviro/domain/data-quality/calibration-drift';
import type { QualityPeriod } from '@enviro/domain/data-quality/assess';
import type { SuppressionWindowService } from '../devices/suppression-windows.service.ts';
import { QualityDaysRepository, type AssessedDay, type DeviceSeries } from './quality-days.repository.ts';
import { QualitySettingsRepository } from './quality-settings.repository.ts';
import { DetectorSettings } from '@enviro/contracts/data-quality';
import { configWith, type ParamQualityConfig } from '@enviro/domain/data-quality/quality-config';

/** What the worker reads of the devices module: calibration and maintenance windows, and calibration checks. */
export interface QualitySources {
  windows: SuppressionWindowService;
  /** Each parameter's zero and span deviations per completed check (CalibrationService.checkDeviations). */
  checks?: { checkDeviations(tenantId: number, deviceId: string, until: Date): Promise<{ param: string; kind: 'ZERO' | 'SPAN'; at: number; deviation: number }[]> };
}

/** The data quality's name in `slot_consumer` (130_data_quality.sql). */
export const QUALITY_CONSUMER = 'quality';

/** Quality days are India's, as compliance days are. */
const ZONE = DEFAULT_TIME_ZONE;

/**
 * Days read before the first day assessed: the bunching detector's window is a week of the
 * station's own values; the other detectors need hours of context at most.
 */
const CONTEXT_DAYS = 7;

/** Slots taken a pass: as the compliance days, the cost follows the device days a pass touches. */
const PASS_SLOTS = 5_000;
/** Pause after a pass that emptied the queue: nobody reads a verdict within seconds of its slot closing. */
const IDLE_MS = 15_000;

const dayBounds = (day: string) => {
  const from = startOfDay(day, ZONE);
  return { from: new Date(from), to: new Date(addCalendar(from, 1, 'day', ZONE)) };
};

/**
 * A slot this close after midnight also re-assesses the day before: a flat line or a dilution
 * crossing midnight is seen whole only once its slots after midnight have come, and the
 * longest rule's context (dilution's two windows of two hours) is shorter.
 */
const CARRY_BACK_MS = 4 * 3600_000;

/** The IST days each device's changed slots touch (and the day before, for slots early in a day). */
export function devicesDays(slots: readonly Pick<SlotChange, 'tenantId' | 'deviceId' | 'bucket'>[]): Map<string, { tenantId: number; deviceId: string; days: Set<string> }> {
  const out = new Map<string, { tenantId: number; deviceId: string; days: Set<string> }>();
  for (const s of slots) {
    const key = `${s.tenantId}|${s.deviceId}`;
    const entry = out.get(key) ?? { tenantId: s.tenantId, deviceId: s.deviceId, days: new Set<string>() };
    const at = s.bucket.getTime();
    const day = dayOf(at, ZONE);
    entry.days.add(day);
    if (at - startOfDay(day, ZONE) < CARRY_BACK_MS) entry.days.add(dayOf(addCalendar(startOfDay(day, ZONE), -1, 'day', ZONE), ZONE));
    out.set(key, entry);
  }
  return out;
}

/** A day's verdicts summed into its score's parts and counts (DEFINITIONS.md, data-quality score). */
export function summarise(tenantId: number, deviceId: string, day: string, verdicts: readonly SlotQuality[]): AssessedDay {
  const states: Record<string, number> = {};
  const fired: Record<string, number> = {};
  for (const v of verdicts) {
    states[v.state] = (states[v.state] ?? 0) + 1;
    for (const d of v.detectors) fired[d] = (fired[d] ?? 0) + 1;
  }
  return { tenantId, deviceId, day, flagged: verdicts.filter((v) => v.state !== 'valid'), slots: verdicts.length, ...scoreParts(verdicts), states, fired };
}

/**
 * Assesses each device day the slots touch: the detectors over the device's parameters from a week
 * before the first day to the end of the last, its calibration and maintenance windows, and the
 * verdicts of those days written over the old ones.
 */
export async function assessDeviceDays(trx: Db, sources: QualitySources, slots: readonly SlotChange[], now = Date.now()): Promise<void> {
  const repo = new QualityDaysRepository(trx);
  const settings = new QualitySettingsRepository(trx);
  const work = devicesDays(slots);
  // A partner's change (a late PM10, flow or O2) can change the verdicts of the devices it pairs
  // with, so their same days are judged again too.
  for (const entry of [...work.values()]) {
    const station = await repo.stationOf(entry.tenantId, entry.deviceId);
    if (!station?.entityId) continue;
    for (const deviceId of await repo.dependents(entry.tenantId, station.entityId, entry.deviceId, CONTEXT_PARAMS, JUDGED_PARAMS)) {
      const key = `${entry.tenantId}|${deviceId}`;
      const other = work.get(key) ?? { tenantId: entry.tenantId, deviceId, days: new Set<string>() };
      for (const day of entry.days) other.days.add(day);
      work.set(key, other);
    }
  }
  // Two passes may now judge one device (a dependent of another's change): each holds the device
  // until it commits, taken in one order so that passes never wait on each other in a circle.
  const ordered = [...work.values()].sort((a, b) => a.tenantId - b.tenantId || Number(BigInt(a.deviceId) - BigInt(b.deviceId)));
  for (const { tenantId, deviceId, days } of ordered) {
    await repo.holdDevice(tenantId, deviceId);
    const station = await repo.stationOf(tenantId, deviceId);
    if (!station) continue;
    const sorted = [...days].sort();
    const from = new Date(addCalendar(dayBounds(sorted[0]!).from.getTime(), -CONTEXT_DAYS, 'day', ZONE));
    const to = dayBounds(sorted[sorted.length - 1]!).to;
    const series = await repo.series(tenantId, deviceId, from, to);
    const partners = station.entityId === null ? [] : await partnerSeries(repo, tenantId, station.entityId, deviceId, series, from, to);
    const covering = await sources.windows.in(trx).covering(tenantId, [{ deviceId, entityId: station.entityId }], from, to);
    const periods = sources.checks ? driftOf(deviceId, await sources.checks.checkDeviations(tenantId, deviceId, to)) : [];
    const receipts = new Map([[deviceId, await repo.receipts(tenantId, deviceId, from, to)]]);
    const own = await settings.ofDevice(tenantId, deviceId);
    const verdicts = assessStation({
      series: [...series.map((s) => ({ deviceId, slot: s.slot, param: s.param, slots: s.slots, limit: s.limit, config: configOf(s.param, own.get(s.slot)) })), ...partners],
      windows: covering.map((w): QualityWindow => ({ kind: w.kind === 'CALIBRATION' ? 'calibration' : 'maintenance', deviceId: null, from: w.startsAt.getTime(), to: w.endsAt?.getTime() ?? null })),
      periods,
      receipts,
      now,
    });
    const byDay = new Map<string, SlotQuality[]>(sorted.map((d) => [d, []]));
    // The partners' series are context: their own verdicts are made when their slots change.
    for (const v of verdicts) if (v.deviceId === deviceId) byDay.get(dayOf(v.at, ZONE))?.push(v);
    await repo.replaceDays([...byDay].map(([day, list]) => summarise(tenantId, deviceId, day, list)), dayBounds);
  }
}

/** A parameter's configuration with the device's own settings, when they are there and still valid. */
function configOf(param: string, stored: unknown): ParamQualityConfig | undefined {
  const parsed = stored === undefined ? undefined : DetectorSettings.safeParse(stored);
  return parsed?.success ? configWith(param, parsed.data) : undefined;
}

/** Parameters a detector pairs with another at one station (PM2.5 with PM10, a pollutant with its flow or O2). */
const PAIRED_PARAMS = new Set(['pm2_5', 'pm10', 'flow', 'o2']);
/** Parameters read as another's context (PM10 for PM2.5, flow and O2 for a stack pollutant) … */
const CONTEXT_PARAMS = ['pm10', 'flow', 'o2'];
/** … and those whose verdicts that context decides. */
const JUDGED_PARAMS = ['pm2_5', ...STACK_POLLUTANTS];

/**
 * The series of the station's other analysers that the cross-parameter detectors pair with this
 * device's (a station's PM2.5 and PM10 are often two analysers), those this device lacks only.
 */
async function partnerSeries(repo: QualityDaysRepository, tenantId: number, entityId: string, deviceId: string, own: readonly { param: string }[], from: Date, to: Date) {
  const mine = new Set(own.map((s) => s.param));
  const wanted = [...PAIRED_PARAMS].filter((p) => !mine.has(p));
  if (wanted.length === 0 || !own.some((s) => PAIRED_PARAMS.has(s.param) || STACK_POLLUTANTS.has(s.param))) return [];
  const out: { deviceId: string; slot: number; param: string; slots: DeviceSeries['slots']; limit: number | null }[] = [];
  for (const partner of await repo.stationPartners(tenantId, entityId, deviceId)) {
    for (const s of await repo.series(tenantId, partner, from, to)) {
      if (!wanted.includes(s.param) || out.some((o) => o.param === s.param)) continue;
      out.push({ deviceId: partner, slot: s.slot, param: s.param, slots: s.slots, limit: s.limit });
    }
  }
  return out;
}

/** The drift alarms of a device's checks: per parameter and kind of check, QAL3's CUSUM over their deviations. */
function driftOf(deviceId: string, checks: readonly { param: string; kind: 'ZERO' | 'SPAN'; at: number; deviation: number }[]): QualityPeriod[] {
  const series = new Map<string, { param: string; checks: { at: number; deviation: number }[] }>();
  for (const c of [...checks].sort((a, b) => a.at - b.at)) {
    const key = `${c.param}|${c.kind}`;
    const entry = series.get(key) ?? { param: c.param, checks: [] };
    entry.checks.push({ at: c.at, deviation: c.deviation });
    series.set(key, entry);
  }
  return [...series.values()].flatMap(({ param, checks: list }) => driftPeriods(list).map((p) => ({ detector: 'calibration_drift' as const, deviceId, param, ...p })));
}

/**
 * Assesses the device days of up to `limit` queued slots in the transaction that takes them off the
 * feed; answers how many it took. Any number of servers may run it (the feed hands each slot to
 * one), and a crash leaves the slots queued.
 */
export function assessQueuedDays(db: Db, sources: QualitySources, limit = PASS_SLOTS): Promise<number> {
  return new SlotChangeFeed(db).consume(QUALITY_CONSUMER, limit, (trx, slots) => assessDeviceDays(trx, sources, slots));
}

/** Assesses until nothing is queued (tests, the demo seed). */
export async function drainQualityDays(db: Db, sources: QualitySources): Promise<void> {
  while ((await assessQueuedDays(db, sources)) > 0);
}

/** Background job of the server: keeps the slots' quality in step with the closed-slot feed. */
export function startQualityWorker(db: Db, sources: QualitySources, log: Pick<FastifyBaseLogger, 'error'>, idleMs = IDLE_MS, yieldTo?: () => boolean): PollingWorker {
  return startPollingWorker(async () => (await assessQueuedDays(db, sources)) >= PASS_SLOTS, {
    idleMs,
    yieldTo,
    onError: (error) => log.error({ err: error }, 'data quality: assessing days failed; their slots stay queued and are tried again'),
  });
}

/**
 * Assesses every day of the tenants' devices from `from` to `to`, a device at a time: for history
 * written straight into the rollups (the demo seed, benchmarks), which the closed-slot feed never saw.
 */
export async function rebuildQualityDays(db: Db, sources: QualitySources, tenantIds: readonly number[], from: Date, to: Date): Promise<void> {
  const devices = await new QualityDaysRepository(db).deviceIds(tenantIds);
  const buckets: Date[] = [];
  for (let at = startOfDay(dayOf(from.getTime(), ZONE), ZONE); at < to.getTime(); at = addCalendar(at, 1, 'day', ZONE)) buckets.push(new Date(at + 12 * 3600_000));
  for (const d of devices) {
    await db.transaction().execute((trx) => assessDeviceDays(trx, sources, buckets.map((bucket) => ({ ...d, bucket }))));
  }
}
