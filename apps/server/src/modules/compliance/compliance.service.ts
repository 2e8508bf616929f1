import type {
  ComplianceData,
  ComplianceFigures,
  ComplianceStats,
  CountStats,
  Datewise,
  DatewiseQuery,
  GroupByUptimeQuery,
  Period,
  PeriodQuery,
  StationCompliance,
  StationList,
  Stats,
  StatsQuery,
  Timeline,
  TimelineEvent,
  TimelineQuery,
  UptimeList,
  UptimeQuery,
  UptimeRow,
} from '@enviro/contracts/compliance';
import { timeRangeAnswer, type TimeRange as TimeRangeAnswer } from '@enviro/contracts/time';
import { meanOf, minutesAboveLimit } from '@enviro/domain/figures';
import { roundValue } from '@enviro/domain/format-number';
import { DELAYED_WITHIN_MS, LIVE_WITHIN_MS } from '@enviro/domain/live-status';
import type { TimeRange } from '@enviro/domain/time-range';
import { addCalendar, addDays, dayOf, DEFAULT_TIME_ZONE, startOfDay } from '@enviro/domain/time-zone';
import { assertSignedIn, scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { CalibrationService } from '../devices/calibration.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { ComplianceRepository, type ComplianceScope, type DeviceDayRow, type ParamDayRow, type TimelineRow } from './compliance.repository.ts';

const QUARTER_MS = 15 * 60_000;
const DAY_MS = 86_400_000;
/** Compliance is counted over India's days (the contract's Period.timeZone), whoever asks. */
const ZONE = DEFAULT_TIME_ZONE;
/** The longest period one request may cover. */
const MAX_DAYS = 400;

/** A day of a period: its date, its instants [start, end) and its 15-minute slots up to the period's end. */
interface PeriodDay {
  date: string;
  start: number;
  end: number;
  slots: number;
}

/** A resolved period: [from, end) with end clipped to the last closed quarter, its IST days, and the same as a range in the caller's words. */
export interface ResolvedPeriod extends Period {
  days: PeriodDay[];
  range: TimeRange;
}

/** The first day of a month 'YYYY-MM' or a quarter 'YYYY-Qn', and how many months it spans. */
function periodStart(period: string): { first: string; months: number } {
  if (period[5] !== 'Q') return { first: `${period}-01`, months: 1 };
  const month = (Number(period[6]) - 1) * 3 + 1;
  return { first: `${period.slice(0, 4)}-${String(month).padStart(2, '0')}-01`, months: 3 };
}

/**
 * Resolves a month, a quarter or from/to IST dates (default: the 30 days to today) into instants;
 * the end never passes the last closed 15-minute slot before `now`. 400 naming the field when the
 * dates are reversed or the span is longer than 400 days.
 */
export function resolvePeriod(q: { period?: string | undefined; from?: string | undefined; to?: string | undefined }, now: number): ResolvedPeriod {
  let fromDate: string;
  let toExclusive: number;
  let raw: TimeRange['raw'];
  if (q.period) {
    const { first, months } = periodStart(q.period);
    fromDate = first;
    toExclusive = addCalendar(startOfDay(first, ZONE), months, 'month', ZONE);
    raw = { from: q.period, to: q.period };
  } else {
    const toDate = q.to ?? dayOf(now, ZONE);
    const toStart = startOfDay(toDate, ZONE);
    if (Number.isNaN(toStart)) throw badRequest('to', 'not a date');
    fromDate = q.from ?? addDays(toDate, -29);
    if (Number.isNaN(startOfDay(fromDate, ZONE))) throw badRequest('from', 'not a date');
    toExclusive = addCalendar(toStart, 1, 'day', ZONE);
    raw = { from: fromDate, to: q.to ?? 'today' };
  }
  const from = startOfDay(fromDate, ZONE);
  if (from >= toExclusive) throw badRequest('from', 'must not be after to');
  if (toExclusive - from > MAX_DAYS * DAY_MS) throw badRequest('from', `the period may cover at most ${MAX_DAYS} days`);
  const end = Math.max(from, Math.min(toExclusive, Math.floor(now / QUARTER_MS) * QUARTER_MS));
  const days: PeriodDay[] = [];
  for (let d = from; d < toExclusive; ) {
    const next = addCalendar(d, 1, 'day', ZONE);
    days.push({ date: dayOf(d, ZONE), start: d, end: next, slots: Math.max(0, (Math.min(next, end) - d) / QUARTER_MS) });
    d = next;
  }
  return { from, to: end, fromDate, toDate: dayOf(toExclusive - 1, ZONE), timeZone: ZONE, days, range: { from, to: end, zone: ZONE, raw } };
}

/**
 * Quarters expected of a device on each day of the period: none before it came into service (a
 * station commissioned mid-month is not short of data for the days before).
 */
export function expectedSlots(period: ResolvedPeriod, inServiceFrom: number): Map<string, number> {
  const start = Math.floor(inServiceFrom / QUARTER_MS) * QUARTER_MS;
  const out = new Map<string, number>();
  for (const d of period.days) {
    const from = Math.max(d.start, start);
    const to = Math.min(d.end, period.to);
    out.set(d.date, Math.max(0, (to - from) / QUARTER_MS));
  }
  return out;
}

/**
 * A period cut at today's IST midnight: the closed days are read from the compliance tables
 * (070_compliance_days.sql), the day still open from the rollups.
 */
export function splitAtToday(period: ResolvedPeriod, now: number) {
  const today = startOfDay(now, ZONE);
  const closedTo = Math.min(period.to, today);
  const stored = period.from < closedTo ? { fromDay: period.fromDate, toDay: dayOf(closedTo - 1, ZONE) } : undefined;
  const liveFrom = Math.max(period.from, today);
  const live = period.to > liveFrom ? { from: new Date(liveFrom), to: new Date(period.to) } : undefined;
  return { stored, live };
}

/** An instant from the driver: a Date, or ±Infinity for PostgreSQL's infinite timestamps. */
const instant = (v: Date | number) => (v instanceof Date ? v.getTime() : v);

const total = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

const percent = (part: number, whole: number) => (whole <= 0 ? null : Math.round((1000 * part) / whole) / 10);
const key = (...parts: (string | number)[]) => parts.join('|');

function figures(slots: number, suppressed: number, d: { with_data: number; within: number; beyond: number } | undefined): ComplianceFigures {
  const withData = d?.with_data ?? 0;
  const within = d?.within ?? 0;
  return {
    slots,
    suppressedSlots: suppressed,
    slotsWithData: withData,
    slotsWithinLimits: within,
    availability: percent(withData, slots - suppressed),
    withinLimits: percent(within, withData),
    exceedances: d?.beyond ?? 0,
    exceedanceMinutes: minutesAboveLimit(d?.beyond ?? 0),
  };
}

const dayFigures = (slots: number, suppressed: number, d: Parameters<typeof figures>[2]) => figures(slots, Math.min(slots, suppressed), d);

function sumBy<T>(rows: readonly T[], keyOf: (r: T) => string, value: (r: T) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) out.set(keyOf(r), (out.get(keyOf(r)) ?? 0) + value(r));
  return out;
}

function sumParamDays(rows: readonly ParamDayRow[]): Map<string, { with_data: number; within: number; beyond: number }> {
  const out = new Map<string, { with_data: number; within: number; beyond: number }>();
  for (const r of rows) {
    const k = key(r.device_id, r.slot);
    const o = out.get(k) ?? { with_data: 0, within: 0, beyond: 0 };
    o.with_data += r.with_data;
    o.within += r.within;
    o.beyond += r.beyond;
    out.set(k, o);
  }
  return out;
}

/**
 * The regulator module's figures for compliance, which compliance.module.ts takes from the regulator
 * module's status service (registered before it), so compliance never imports regulator: per station (`tenantId:stationId`) its slots in [from, to) queued and
 * accepted, and when its pushes started failing or were accepted again.
 */
export interface RegulatorComplianceSource {
  shares(tenantIds: readonly number[], from: Date, to: Date): Promise<Map<string, { slots: number; accepted: number }>>;
  changes(tenantIds: readonly number[], from: Date, to: Date): Promise<{ tenantId: number; stationId: number; at: Date; accepted: boolean; error: string | null }[]>;
}

/**
 * Compliance and uptime (SPEC 7): availability, within-limit shares and exceedances per station and
 * parameter over IST days, computed from the 15-minute rollups with calibration and maintenance
 * windows left out of what was expected (REGULATORY.md: such readings do not count against
 * compliance); the compliance timeline; the site's and boards' statistics.
 */
export class ComplianceService {
  private readonly repo: ComplianceRepository;

  constructor(db: Db, private readonly calibration: CalibrationService, private readonly entities: EntityService, private readonly regulator: RegulatorComplianceSource | null = null) {
    this.repo = new ComplianceRepository(db);
  }

  private async scope(auth: Auth, tenantIds: number[], stationId?: number): Promise<ComplianceScope> {
    const restriction = await this.entities.restriction(auth);
    return { tenantIds, stationId, limited: restriction && { tenantId: restriction.tenantId, visible: [...restriction.visible] } };
  }

  /** 404 when the station asked for is not among the caller's. */
  private async assertStation(scope: ComplianceScope): Promise<void> {
    if (scope.stationId !== undefined && (await this.repo.stations(scope)).length === 0) throw notFound(`No station with id= ${scope.stationId} exists`);
  }

  /** Per parameter and IST day of the period: the closed days stored, today's from the rollups. */
  private async parameterDays(scope: ComplianceScope, period: ResolvedPeriod, now: number): Promise<ParamDayRow[]> {
    const { stored, live } = splitAtToday(period, now);
    const [closed, open] = await Promise.all([
      stored ? this.repo.storedParameterDays(scope, stored.fromDay, stored.toDay) : [],
      live ? this.repo.parameterDays(scope, live.from, live.to) : [],
    ]);
    return [...closed, ...open];
  }

  /** Per device and IST day of the period: quarters with data outside windows, as `parameterDays`. */
  private async uptimeDays(scope: ComplianceScope, period: ResolvedPeriod, now: number): Promise<DeviceDayRow[]> {
    const { stored, live } = splitAtToday(period, now);
    const [closed, open] = await Promise.all([
      stored ? this.repo.storedUptimeDays(scope, stored.fromDay, stored.toDay) : [],
      live ? this.repo.uptimeDays(scope, live.from, live.to) : [],
    ]);
    return [...closed, ...open];
  }

  /** Uptime of every device of the scope over the period. */
  private async deviceUptime(scope: ComplianceScope, period: ResolvedPeriod, now: number) {
    const from = new Date(period.from);
    const to = new Date(period.to);
    const [devices, supp, data] = await Promise.all([this.repo.devices(scope), this.repo.suppressedDays(scope, from, to), this.uptimeDays(scope, period, now)]);
    const suppressed = sumBy(supp, (r) => r.device_id, (r) => r.n);
    const withData = sumBy(data, (r) => r.device_id, (r) => r.n);
    return devices.map((d) => {
      const slots = total(expectedSlots(period, instant(d.in_service_from)));
      return { ...d, slots, suppressedSlots: Math.min(slots, suppressed.get(d.device_id) ?? 0), slotsWithData: withData.get(d.device_id) ?? 0 };
    });
  }

  /** GET /api/getComplianceData: the scorecard per station and parameter, lowest availability first. */
  async complianceData(auth: Auth, query: PeriodQuery, now = Date.now()): Promise<ComplianceData> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    const period = resolvePeriod(query, now);
    const scope = await this.scope(auth, tenantIds, query.stationId);
    await this.assertStation(scope);
    const from = new Date(period.from);
    const to = new Date(period.to);
    const [params, days, supp, uptime, checks, synced] = await Promise.all([
      this.repo.parameters(scope),
      this.parameterDays(scope, period, now),
      this.repo.suppressedDays(scope, from, to),
      this.deviceUptime(scope, period, now),
      this.calibration.checksKept(tenantIds, from, to),
      this.regulator?.shares(tenantIds, from, to) ?? new Map<string, { slots: number; accepted: number }>(),
    ]);
    const suppressed = sumBy(supp, (r) => r.device_id, (r) => r.n);
    const deviceSlots = new Map(uptime.map((u) => [u.device_id, u.slots]));
    const totals = sumParamDays(days);
    const stations = new Map<string, StationCompliance>();
    for (const u of uptime) {
      const s = stations.get(u.station_id) ?? {
        tenantId: u.tenant_id,
        tenantName: u.tenant_name,
        stationId: Number(u.station_id),
        stationName: u.station_name,
        stationType: u.station_type,
        uptime: { slots: 0, suppressedSlots: 0, slotsWithData: 0, availability: null },
        calibration: { due: 0, onTime: 0, share: null },
        regulatorSync: regulatorShare(synced.get(`${u.tenant_id}:${u.station_id}`)),
        parameters: [],
      };
      s.uptime.slots += u.slots;
      s.uptime.suppressedSlots += u.suppressedSlots;
      s.uptime.slotsWithData += u.slotsWithData;
      s.uptime.availability = percent(s.uptime.slotsWithData, s.uptime.slots - s.uptime.suppressedSlots);
      const kept = checks.get(Number(u.device_id));
      if (kept) {
        s.calibration.due += kept.due;
        s.calibration.onTime += kept.onTime;
        s.calibration.share = percent(s.calibration.onTime, s.calibration.due);
      }
      stations.set(u.station_id, s);
    }
    for (const p of params) {
      const s = stations.get(p.station_id);
      if (!s) continue;
      s.parameters.push({
        ...figures(deviceSlots.get(p.device_id) ?? 0, Math.min(deviceSlots.get(p.device_id) ?? 0, suppressed.get(p.device_id) ?? 0), totals.get(key(p.device_id, p.slot))),
        deviceId: Number(p.device_id),
        deviceName: p.device_name,
        slot: p.slot,
        parameter: p.parameter,
        unit: p.unit,
        limitMin: p.limit_min,
        limitMax: p.limit_max,
      });
    }
    const items = [...stations.values()].sort(
      (a, b) => (a.uptime.availability ?? 101) - (b.uptime.availability ?? 101) || a.tenantName.localeCompare(b.tenantName) || a.stationName.localeCompare(b.stationName),
    );
    return { ...covered(period), stations: items };
  }

  /** GET /api/getParametersDataDatewise: one station's figures per IST day and parameter. */
  async datewise(auth: Auth, query: DatewiseQuery, now = Date.now()): Promise<Datewise> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    const period = resolvePeriod(query, now);
    const scope = await this.scope(auth, tenantIds, query.stationId);
    await this.assertStation(scope);
    const from = new Date(period.from);
    const to = new Date(period.to);
    const [params, days, supp, devices] = await Promise.all([
      this.repo.parameters(scope),
      this.parameterDays(scope, period, now),
      this.repo.suppressedDays(scope, from, to),
      this.repo.devices(scope),
    ]);
    const expected = new Map(devices.map((d) => [d.device_id, expectedSlots(period, instant(d.in_service_from))]));
    const byDay = new Map(days.map((r) => [key(r.device_id, r.slot, r.day), r]));
    const suppressed = new Map(supp.map((r: DeviceDayRow) => [key(r.device_id, r.day), r.n]));
    const items = period.days.flatMap((d) =>
      params.map((p) => ({
        ...dayFigures(expected.get(p.device_id)?.get(d.date) ?? 0, suppressed.get(key(p.device_id, d.date)) ?? 0, byDay.get(key(p.device_id, p.slot, d.date))),
        date: d.date,
        deviceId: Number(p.device_id),
        slot: p.slot,
        parameter: p.parameter,
      })),
    );
    return { ...covered(period), items };
  }

  /** GET /api/uptime/:deviceOrTenant: a device's uptime, or (of=tenant) each device of a tenant. */
  async uptime(auth: Auth, id: number, query: UptimeQuery, now = Date.now()): Promise<UptimeList> {
    const tenantIds = query.of === 'tenant' ? scopeTenantIds(auth, [id]) : scopeTenantIds(auth);
    const period = resolvePeriod(query, now);
    const rows = await this.deviceUptime(await this.scope(auth, tenantIds), period, now);
    const picked = query.of === 'tenant' ? rows : rows.filter((r) => r.device_id === String(id));
    if (query.of === 'device' && picked.length === 0) throw notFound(`No device with id= ${id} exists`);
    return {
      ...covered(period),
      items: picked.map((r) => uptimeRow(Number(r.device_id), r.device_name, r.tenant_id, [r])),
    };
  }

  /**
   * GET /api/getGroupByUptime and /api/getAvgUptimeByStation: uptime by industry or by station, lowest
   * first. With `averaged` (getAvgUptimeByStation) a group's availability is the mean of its devices'
   * (docs/DEFINITIONS.md, uptime), else the share over all their quarters.
   */
  async groupByUptime(auth: Auth, query: GroupByUptimeQuery, now = Date.now(), averaged = false): Promise<UptimeList> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    const period = resolvePeriod(query, now);
    const scope = await this.scope(auth, tenantIds, query.stationId);
    await this.assertStation(scope);
    const rows = await this.deviceUptime(scope, period, now);
    const groups = new Map<string, typeof rows>();
    for (const r of rows) {
      const k = query.groupBy === 'tenant' ? String(r.tenant_id) : r.station_id;
      groups.set(k, [...(groups.get(k) ?? []), r]);
    }
    const items = [...groups.entries()].map(([k, g]) => {
      const row = uptimeRow(Number(k), query.groupBy === 'tenant' ? g[0]!.tenant_name : g[0]!.station_name, g[0]!.tenant_id, g);
      return averaged ? { ...row, availability: meanOf(g.map((d) => uptimeRow(0, '', 0, [d]).availability)) } : row;
    });
    items.sort((a, b) => (a.availability ?? 101) - (b.availability ?? 101) || a.name.localeCompare(b.name));
    return { ...covered(period), items };
  }

  /** GET /api/getAllStations: the caller's stations with their uptime over the period (none without devices left out). */
  async allStations(auth: Auth, query: PeriodQuery, now = Date.now()): Promise<StationList> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    const period = resolvePeriod(query, now);
    const scope = await this.scope(auth, tenantIds, query.stationId);
    const [stations, rows] = await Promise.all([this.repo.stations(scope), this.deviceUptime(scope, period, now)]);
    return {
      ...covered(period),
      items: stations.map((s) => ({
        ...uptimeRow(Number(s.id), s.name, s.tenant_id, rows.filter((r) => r.station_id === s.id)),
        stationType: s.type,
        status: s.working_status,
        tenantName: s.tenant_name,
      })),
    };
  }

  /** The compliance timeline of a station or an industry (SPEC 9: default limit 100), newest first. */
  async timeline(auth: Auth, query: TimelineQuery, now = Date.now()): Promise<Timeline> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    const period = resolvePeriod(query, now);
    const scope = await this.scope(auth, tenantIds, query.stationId);
    await this.assertStation(scope);
    // Events up to now, not only to the last closed quarter: a status change is news at once.
    const from = new Date(period.from);
    const to = new Date(Math.max(period.to, Math.min(period.days.at(-1)!.end, now)));
    const [rows, stations, sync] = await Promise.all([
      this.repo.timeline(scope, from, to, query.limit),
      this.repo.stations(scope),
      this.regulator?.changes(tenantIds, from, to) ?? [],
    ]);
    const mine = new Set(stations.map((s) => `${s.tenant_id}:${s.id}`));
    const syncRows: TimelineRow[] = sync
      .filter((c) => mine.has(`${c.tenantId}:${c.stationId}`))
      .map((c) => ({ kind: 'SYNC', at: c.at, until: null, tenant_id: c.tenantId, station_id: String(c.stationId), device_id: null, parameter: null, peak: null, slots: null, detail: c.accepted ? 'ACCEPTED' : (c.error ?? 'ERROR') }));
    const events = [...rows, ...syncRows].sort((a, b) => b.at.getTime() - a.at.getTime() || a.kind.localeCompare(b.kind)).slice(0, query.limit);
    return { ...covered(period), limit: query.limit, items: events.map(timelineEvent) };
  }

  /**
   * The timeline's EXCEEDANCE events of several stations of the caller's tenants at once, by
   * station, newest first, at most `limit` a station: the events `timeline` gives each station over
   * the same days, read in one statement without the other kinds (the open API asks many stations'
   * at the same moment). A station not among the caller's has none.
   */
  async exceedances(auth: Auth, query: { tenantIds: readonly number[]; stationIds: readonly number[]; from: string; to: string; limit: number }, now = Date.now()): Promise<Map<number, TimelineEvent[]>> {
    const tenantIds = scopeTenantIds(auth, query.tenantIds);
    const period = resolvePeriod(query, now);
    const scope = { ...(await this.scope(auth, tenantIds)), stationIds: query.stationIds };
    const to = new Date(Math.max(period.to, Math.min(period.days.at(-1)!.end, now)));
    const byStation = new Map<number, TimelineEvent[]>();
    for (const row of await this.repo.exceedances(scope, new Date(period.from), to, query.limit)) {
      const event = timelineEvent(row);
      byStation.set(event.stationId!, [...(byStation.get(event.stationId!) ?? []), event]);
    }
    return byStation;
  }

  /**
   * GET /api/stats: counts over the tenants the caller reads; `tenants` counts those it looks after
   * (tenantsLookedAfter, the query the site dashboard lists), not its own board's or site's tenant.
   */
  async stats(auth: Auth, query: StatsQuery): Promise<Stats> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    return this.repo.counts(tenantIds, auth.kind === 'user' ? auth.homeTenantId : null);
  }

  /** GET /api/tenantStats and /api/subscriptionStats: the tenants looked after (as /api/stats counts them) by status and type. */
  async tenantStats(auth: Auth, query: StatsQuery): Promise<CountStats> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    return grouped(await this.repo.tenantGroups(tenantIds, auth.kind === 'user' ? auth.homeTenantId : null));
  }

  /** GET /api/entityStats: stations by working status and type. */
  async entityStats(auth: Auth, query: StatsQuery): Promise<CountStats> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    return grouped(await this.repo.entityGroups(tenantIds));
  }

  /** GET /api/deviceStats: devices by live status (SPEC 4) and station type. */
  async deviceStats(auth: Auth, query: StatsQuery, now = Date.now()): Promise<CountStats> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    return grouped(await this.repo.deviceGroups(tenantIds, new Date(now), LIVE_WITHIN_MS, DELAYED_WITHIN_MS));
  }

  /** GET /api/complianceStats: the period's (default this month's) figures over the caller's stations. */
  async complianceStats(auth: Auth, query: PeriodQuery, now = Date.now()): Promise<ComplianceStats> {
    assertSignedIn(auth);
    const month = dayOf(now, ZONE).slice(0, 7);
    const q = { ...query, period: query.period ?? (query.from || query.to ? undefined : month) };
    const period = resolvePeriod(q, now);
    const [data, episodes] = await Promise.all([
      this.complianceData(auth, q, now),
      this.scope(auth, scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]), query.stationId).then((scope) =>
        // Episodes up to now, as the oversight overview counts them: one starts only once its slot has closed.
        this.repo.episodesStarted(scope, new Date(period.from), new Date(Math.max(period.to, Math.min(period.days.at(-1)!.end, now)))),
      ),
    ]);
    const params = data.stations.flatMap((s) => s.parameters);
    const sum = (f: (p: ComplianceFigures) => number) => params.reduce((n, p) => n + f(p), 0);
    const expected = data.stations.reduce((n, s) => n + s.uptime.slots - s.uptime.suppressedSlots, 0);
    const withData = data.stations.reduce((n, s) => n + s.uptime.slotsWithData, 0);
    return {
      period: data.period,
      range: data.range,
      stations: data.stations.length,
      availability: percent(withData, expected),
      withinLimits: percent(sum((p) => p.slotsWithinLimits), sum((p) => p.slotsWithData)),
      exceedances: sum((p) => p.exceedances),
      exceedanceEpisodes: episodes,
      stationsWithExceedances: data.stations.filter((s) => s.parameters.some((p) => p.exceedances > 0)).length,
      stationsBelow85: data.stations.filter((s) => s.uptime.availability !== null && s.uptime.availability < 85).length,
    };
  }
}

const regulatorShare = (s: { slots: number; accepted: number } | undefined) => (s ? { ...s, share: percent(s.accepted, s.slots) } : null);

/** What an answer says of its period: the period, and the same as the range every resolved answer carries. */
function covered(p: ResolvedPeriod): { period: Period; range: TimeRangeAnswer } {
  return { period: { from: p.from, to: p.to, fromDate: p.fromDate, toDate: p.toDate, timeZone: p.timeZone }, range: timeRangeAnswer(p.range) };
}

function uptimeRow(id: number, name: string, tenantId: number, rows: readonly { slots: number; suppressedSlots: number; slotsWithData: number }[]): UptimeRow {
  const slots = rows.reduce((n, r) => n + r.slots, 0);
  const suppressedSlots = rows.reduce((n, r) => n + r.suppressedSlots, 0);
  const slotsWithData = rows.reduce((n, r) => n + r.slotsWithData, 0);
  return { id, name, tenantId, slots, suppressedSlots, slotsWithData, availability: percent(slotsWithData, slots - suppressedSlots) };
}

function grouped(rows: readonly { status: string; type: string; n: number }[]): CountStats {
  const byStatus: Record<string, number> = {};
  const byType: Record<string, number> = {};
  let total = 0;
  for (const r of rows) {
    byStatus[r.status] = (byStatus[r.status] ?? 0) + r.n;
    byType[r.type] = (byType[r.type] ?? 0) + r.n;
    total += r.n;
  }
  return { total, byStatus, byType };
}

function timelineEvent(r: TimelineRow): TimelineEvent {
  return {
    kind: r.kind,
    at: r.at.getTime(),
    until: r.until?.getTime() ?? null,
    tenantId: r.tenant_id,
    stationId: r.station_id === null ? null : Number(r.station_id),
    deviceId: r.device_id === null ? null : Number(r.device_id),
    parameter: r.parameter,
    peak: r.peak,
    slots: r.slots,
    text: timelineText(r),
  };
}

function timelineText(r: TimelineRow): string {
  switch (r.kind) {
    case 'STATUS':
      return `Working status ${r.detail ?? 'changed'}`;
    case 'SYNC':
      return r.detail === 'ACCEPTED' ? 'The regulator accepts its data again' : `Regulator pushes failing (${r.detail})`;
    case 'EXCEEDANCE':
      return `${r.parameter ?? 'A parameter'} beyond its limit${r.slots ? `: ${r.slots} exceedance${r.slots === 1 ? '' : 's'} (${minutesAboveLimit(r.slots)} min above the limit)` : ''}${r.peak === null ? '' : `, peak ${roundValue(r.peak)}`}`;
    case 'OUTAGE':
      return 'No data for an hour or more';
    case 'CALIBRATION':
      return 'Calibration';
    default:
      return 'Maintenance';
  }
}
