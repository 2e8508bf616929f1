import { EntitiesQuery, type EntityNode } from '@enviro/contracts/entities';
import { MetricRequest, type TrendResult } from '@enviro/contracts/data/trend';
import type { IndustrySummary } from '@enviro/contracts/public-portal';
import {
  OPEN_EVENTS_MAX_DAYS,
  OPEN_MAX_DAYS,
  OPEN_NAQI_MAX_DAYS,
  OPEN_UPTIME_MAX_DAYS,
  type OpenNaqiQuery,
  type OpenPoint,
  type OpenRangeQuery,
  type OpenSeriesQuery,
  type OpenStation,
  type OpenStationListQuery,
} from '@enviro/contracts/open-data';
import type { EntityType } from '@enviro/contracts/common';
import type { TimelineEvent } from '@enviro/contracts/compliance';
import type { AqiCategory, AqiPollutant } from '@enviro/domain/aqi';
import { dailyFigure, minutesAboveLimit, percent } from '@enviro/domain/figures';
import { roundValue } from '@enviro/domain/format-number';
import { addDays, DEFAULT_TIME_ZONE, fixedOffset, isoInZone, startOfDay } from '@enviro/domain/time-zone';
import { ExpiringCache } from '../../platform/cache/expiring-cache.ts';
import { CONTAINER_TYPES } from '../../platform/database/entity-types.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AvailabilityService } from '../compliance/availability.service.ts';
import type { ComplianceService } from '../compliance/compliance.service.ts';
import type { AirQualityService } from '../data/air-quality.service.ts';
import type { AqiService } from '../data/aqi.service.ts';
import type { CatalogCache, CatalogSnapshot } from '../data/catalog.ts';
import type { SlotChangeFeed } from '../data/slot-changes.service.ts';
import type { TrendService } from '../data/trend.service.ts';
import type { CalibrationService } from '../devices/calibration.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import type { PublicPortalService } from '../public-portal/public-portal.service.ts';
import type { PublicationService, PublishedBoard, PublishedScope } from './publication.service.ts';
import { StationBatches } from './station-batches.ts';

const ZONE = DEFAULT_TIME_ZONE;
const QUARTER = 15 * 60_000;
const HOUR = 60 * 60_000;
const at = (ms: number) => isoInZone(ms, ZONE);
const dayStart = (day: string) => startOfDay(day, ZONE);
const dayCount = (from: string, to: string) => Math.round((dayStart(to) - dayStart(from)) / 86_400_000) + 1;

/** A station as the open API found it: its node, the board publishing it and (for its description) its industry. */
interface FoundStation {
  node: EntityNode;
  board: PublishedBoard;
  industry?: IndustrySummary | undefined;
}

/** A station's closed hours: with their availability (one series) or their quarters (several). */
type ClosedHours = { hours: TrendResult | undefined; coverage: TrendResult | undefined } | { hours: TrendResult | undefined; quarters: TrendResult | undefined };

/** A station's month of 15-minute values, every parameter's, for its bulk file. */
export interface StationMonth {
  station: OpenStation;
  points: { parameter: OpenStation['parameters'][number]; points: OpenPoint[] }[];
}

/** The services of other modules the open API reads its figures from (never computing them again). */
export interface OpenDataSources {
  publication: PublicationService;
  entities: EntityService;
  industries: PublicPortalService;
  trends: TrendService;
  catalogs: CatalogCache;
  airQuality: AirQualityService;
  /** A CAAQMS station's NAQI over any days (POST /api/data/aqi). */
  aqi: AqiService;
  availability: AvailabilityService;
  compliance: ComplianceService;
  calibration: CalibrationService;
  /** Its version keys the answers kept (every figure here is made of slots). */
  changes: SlotChangeFeed;
}

/**
 * How long a server keeps a figure's answer. It is also kept only while no slot of any tenant
 * changed (the closed-slot feed's version), in the same quarter hour, for the same published
 * scope: a late reading, a correction, a limit or a board that stops publishing is in the next
 * answer; this time bounds what a change committed in the same moment as a read could leave.
 */
const ANSWER_TTL_MS = 60_000;
/**
 * Answers kept, and their points (or items) in all: 500 7-day 15-minute series (some 700 points
 * each) as before, or many more of the smaller ones asked most (a day at 15 minutes is 96 points, a
 * week of hours 168). Kept to 500 answers, the answers of 500 stations' four routes went before they
 * were asked again, and nearly every request of the mixed traffic was made afresh.
 */
const ANSWERS_KEPT = 5_000;
const POINTS_KEPT = 350_000;
/** An answer's weight against POINTS_KEPT: its points or items. */
const weigh = (answer: unknown): number => {
  const a = answer as { series?: { points?: unknown[] }; items?: unknown[] };
  return 1 + (a.series?.points?.length ?? a.items?.length ?? 0);
};
/**
 * How long a server keeps what it found of a station (its node, devices and parameters) and the
 * station lists it described: a station, device or parameter added or removed shows within this
 * time; a board that stops publishing, or an industry disabled, at once (the scope is in the key).
 */
const STATIONS_TTL_MS = 5_000;
const STATIONS_KEPT = 2_000;
/** Exceedance episodes of a station in one answer, newest first (the timeline's most events). */
const EVENTS_KEPT = 1000;

/** The published scope as a key: its boards and their industries. */
const scopeKeys = new WeakMap<PublishedScope, string>();
function scopeKey(scope: PublishedScope): string {
  let key = scopeKeys.get(scope);
  if (key === undefined) {
    key = scope.boards.map((b) => `${b.board.id}:${b.auth.tenantIds.join('.')}`).join('|');
    scopeKeys.set(scope, key);
  }
  return key;
}

/** The open API's trend intervals. */
type Interval = 'minute_15' | 'hour_1';

/** A key per board as a scope read gives it: a scope read again gives new boards, whose reads are apart. */
const boardKeys = new WeakMap<PublishedBoard, number>();
let boards = 0;
function boardKey(board: PublishedBoard): number {
  let key = boardKeys.get(board);
  if (key === undefined) boardKeys.set(board, (key = ++boards));
  return key;
}

/** A page of `items` and whether another follows. */
export interface Paged<T> {
  items: T[];
  more: boolean;
}

/** A range checked against its maximum, with the range of the next page when it was cut. */
export interface Window {
  from: string;
  to: string;
  /** The first day after `to` when the asked range went further, else null. */
  nextFrom: string | null;
  askedTo: string;
}

/**
 * The open data API's reads (issue 37). Each request is held to the publishing boards' industries
 * and read, as the public portal of that board, through the services that compute each figure:
 * the trends of the charts (15 minutes, hours), the daily means of report 1, the compliance
 * timeline's exceedance episodes, uptime as getAvgUptimeByStation, NAQI as /api/air-quality,
 * calibration records as the calibration list.
 */
export class OpenDataService {
  private readonly answers: ExpiringCache<unknown>;
  private versionRead: Promise<string> | undefined;
  /** Stations found and station lists described, by published scope. */
  private readonly stationsKept: ExpiringCache<unknown>;
  /** The published stations' index of the last scope asked (`published`). */
  private index: { scope: string; made: number; stations: Promise<Map<number, FoundStation>>; remaking: boolean } | undefined;
  /** Series and descriptions of stations asked at the same moment, read together. */
  private readonly trendBatches = new StationBatches<FoundStation, TrendResult>();
  private readonly describeBatches = new StationBatches<FoundStation, OpenStation>();
  private readonly hourBatches = new StationBatches<FoundStation, ClosedHours>();
  private readonly exceedanceBatches = new StationBatches<FoundStation, TimelineEvent[]>();

  constructor(
    private readonly s: OpenDataSources,
    private readonly now: () => number = Date.now,
  ) {
    this.answers = new ExpiringCache(ANSWER_TTL_MS, ANSWERS_KEPT, now, { of: weigh, max: POINTS_KEPT });
    this.stationsKept = new ExpiringCache(STATIONS_TTL_MS, STATIONS_KEPT, now);
  }

  /**
   * The answer of a figure's route as made before, or made now: the same for every caller (open
   * data is public), so the answer kept serves them all. An error (a 404) is not kept.
   */
  private async kept<T>(route: string, make: () => Promise<T>): Promise<T> {
    const [scope, version] = await Promise.all([this.s.publication.scope(), this.version()]);
    const key = `${route}|${Math.floor(this.now() / QUARTER)}|${version}|${scopeKey(scope)}`;
    return (await this.answers.get(key, make)) as T;
  }

  /**
   * The closed-slot feed's version: requests arriving while it is being read share that read (at
   * 200 requests a second, one statement instead of one a request); a change committed during it is
   * in the next, as one committed just after a read is.
   */
  private version(): Promise<string> {
    if (!this.versionRead) {
      const read = this.s.changes.version();
      this.versionRead = read;
      const done = () => {
        if (this.versionRead === read) this.versionRead = undefined;
      };
      read.then(done, done);
    }
    return this.versionRead;
  }

  async boards() {
    const scope = await this.s.publication.scope();
    return scope.boards.map(({ board }) => ({ id: board.id, name: board.name, state: board.state, publishedSince: at(board.published_at.getTime()) }));
  }

  /** What was made for the published scope within STATIONS_TTL_MS, or made now (an error is not kept). */
  private async keptStations<T>(key: string, scope: PublishedScope, make: () => Promise<T>): Promise<T> {
    return (await this.stationsKept.get(`${key}|${scopeKey(scope)}`, make)) as T;
  }

  async stations(query: OpenStationListQuery): Promise<Paged<OpenStation>> {
    const scope = await this.s.publication.scope();
    return this.keptStations(`list|${JSON.stringify(query)}`, scope, () => this.listStations(scope, query));
  }

  private async listStations(scope: PublishedScope, query: OpenStationListQuery): Promise<Paged<OpenStation>> {
    if (query.board !== undefined && !scope.boards.some((b) => b.board.id === query.board)) throw notFound(`No publishing board with id= ${query.board} exists`);
    if (query.industry !== undefined && !scope.boardOf.has(query.industry)) throw notFound(`No published industry with id= ${query.industry} exists`);
    const found = [...(await this.published(scope)).values()].filter(
      ({ node, board }) =>
        (query.board === undefined || board.board.id === query.board) &&
        (query.industry === undefined || node.tenantId === query.industry) &&
        (query.type === undefined || node.type === query.type),
    );
    const page = found.slice(query.page * query.pageSize, (query.page + 1) * query.pageSize);
    return { items: await this.describe(page), more: found.length > (query.page + 1) * query.pageSize };
  }

  /**
   * Every published station of the scope by id, in id order, with its board and industry: one tree
   * and one industry list a board, made again behind the answers once older than STATIONS_TTL_MS,
   * so that the lists and every request naming a station share them instead of looking each station
   * up (five statements a station). A scope that changed (a board stops publishing, an industry is
   * disabled) waits for its own index.
   */
  private published(scope: PublishedScope): Promise<Map<number, FoundStation>> {
    const key = scopeKey(scope);
    const held = this.index;
    if (held?.scope === key) {
      // Made again behind the answers once old: every request naming a station waits on the index,
      // and all of them waiting on its remaking every few seconds stalled the API under load.
      if (this.now() - held.made >= STATIONS_TTL_MS && !held.remaking) {
        held.remaking = true;
        this.indexStations(scope).then(
          (stations) => {
            if (this.index === held) this.index = { scope: key, made: this.now(), stations: Promise.resolve(stations), remaking: false };
          },
          () => (held.remaking = false),
        );
      }
      return held.stations;
    }
    const made = { scope: key, made: this.now(), stations: this.indexStations(scope), remaking: false };
    this.index = made;
    made.stations.catch(() => {
      if (this.index === made) this.index = undefined;
    });
    return made.stations;
  }

  private async indexStations(scope: PublishedScope): Promise<Map<number, FoundStation>> {
    const found: FoundStation[] = [];
    const seen = new Set<number>();
    for (const board of scope.boards) {
      const tenantIds = board.auth.tenantIds.filter((t) => scope.boardOf.get(t) === board);
      if (tenantIds.length === 0) continue;
      const [tree, industries] = await Promise.all([
        this.s.entities.tree({ ...board.auth, tenantIds }, EntitiesQuery.parse({ getDevices: 'true', params: 'true' })),
        this.s.industries.list(board.auth, board.board.id),
      ]);
      const byId = new Map(industries.map((i) => [i.id, i]));
      for (const node of stationsOf(tree as EntityNode[])) {
        if (seen.has(node.id)) continue;
        seen.add(node.id);
        found.push({ node, board, industry: byId.get(node.tenantId) });
      }
    }
    found.sort((a, b) => a.node.id - b.node.id);
    return new Map(found.map((f) => [f.node.id, f]));
  }

  async station(stationId: number): Promise<OpenStation> {
    const scope = await this.s.publication.scope();
    return this.keptStations(`station|${stationId}`, scope, async () => {
      const found = await this.find(stationId, scope);
      const station = found.industry ? found : await this.withIndustry(found);
      const described = await this.describeBatches.one(String(boardKey(found.board)), stationId, station, async (stations) => new Map((await this.describe(stations)).map((d) => [d.id, d])));
      return described!;
    });
  }

  /** The station with its industry, as the portal's list (narrowed to it and the board, whose list it is) gives it. */
  private async withIndustry(found: FoundStation): Promise<FoundStation> {
    const industries = await this.s.industries.list({ ...found.board.auth, tenantIds: [found.board.board.id, found.node.tenantId] }, found.board.board.id);
    return { ...found, industry: industries.find((i) => i.id === found.node.tenantId) };
  }

  /**
   * The station among the published ones, else 404 with the same words whether it does not exist,
   * is a group, or belongs to a tenant that does not publish: an outsider learns nothing more.
   */
  private async find(stationId: number, scope?: PublishedScope): Promise<FoundStation> {
    const s = scope ?? (await this.s.publication.scope());
    // A station added since the index was made is looked up alone, so it is served at once.
    return (await this.published(s)).get(stationId) ?? this.keptStations(`found|${stationId}`, s, () => this.findNow(stationId, s));
  }

  private async findNow(stationId: number, s: PublishedScope): Promise<FoundStation> {
    const missing = notFound(`No published station with id= ${stationId} exists`);
    if (!s.all) throw missing;
    let node: EntityNode;
    try {
      node = await this.s.entities.node(s.all, stationId, { withDevices: true, withParams: true });
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) throw missing;
      throw error;
    }
    const board = s.boardOf.get(node.tenantId);
    if (!board || (CONTAINER_TYPES as readonly string[]).includes(node.type)) throw missing;
    return { node, board };
  }

  private async describe(found: readonly FoundStation[]): Promise<OpenStation[]> {
    const byBoard = new Map<PublishedBoard, FoundStation[]>();
    for (const f of found) byBoard.set(f.board, [...(byBoard.get(f.board) ?? []), f]);
    const limits = new Map<string, { min: number | null; max: number | null }>();
    for (const [board, list] of byBoard) {
      for (const l of await this.s.entities.limits(board.auth, { entityIds: list.map((f) => f.node.id), params: [] })) limits.set(`${l.entityId}:${l.paramName}`, { min: l.min, max: l.max });
    }
    return found.map(({ node, board, industry }) => {
      const params = parametersOf(node).map((p) => ({ ...p, limit: limits.get(`${node.id}:${p.name}`) ?? null }));
      return {
        id: node.id,
        name: node.name,
        type: node.type as EntityType,
        industry: { id: node.tenantId, name: industry?.name ?? '', category: industry?.industryCategory ?? null },
        board: { id: board.board.id, name: board.board.name },
        location: { city: industry?.city ?? null, state: industry?.state ?? null, latitude: coordinate(node, /^lat/i), longitude: coordinate(node, /^(lon|lng)/i) },
        lastDataAt: node.lastDataAt === null ? null : at(Date.parse(node.lastDataAt)),
        parameters: params,
      };
    });
  }

  /** The range asked, cut to `maxDays` (the rest is the next page's); never past today. */
  window(query: OpenRangeQuery, maxDays: number, field = 'query.to'): Window {
    const to = query.to ?? query.from;
    if (to < query.from) throw badRequest(field, `must not be before from (${query.from})`);
    const today = isoInZone(this.now(), ZONE).slice(0, 10);
    if (query.from > today) throw badRequest('query.from', `is in the future: the last day with data is today, ${today} (IST)`);
    const end = to > today ? today : to;
    if (dayCount(query.from, end) <= maxDays) return { from: query.from, to: end, nextFrom: null, askedTo: to };
    const cut = addDays(query.from, maxDays - 1);
    return { from: query.from, to: cut, nextFrom: addDays(cut, 1), askedTo: to };
  }

  series(stationId: number, query: OpenSeriesQuery) {
    return this.kept(`series|${stationId}|${query.parameter}|${query.resolution}|${query.from}|${query.to ?? ''}`, () => this.makeSeries(stationId, query));
  }

  private async makeSeries(stationId: number, query: OpenSeriesQuery): Promise<{ series: { stationId: number; parameter: string; label: string; unit: string; resolution: OpenSeriesQuery['resolution']; method: string; points: OpenPoint[] }; window: Window; boardName: string }> {
    const found = await this.find(stationId);
    const measured = parametersOf(found.node);
    const param = measured.find((p) => p.name === query.parameter);
    if (!param) throw badRequest('query.parameter', `station ${stationId} measures ${measured.map((p) => p.name).join(', ') || 'nothing'}`);
    const window = this.window(query, OPEN_MAX_DAYS[query.resolution]);
    const boardName = found.board.board.name;
    const base = { stationId, parameter: param.name, label: param.label, unit: param.unit, resolution: query.resolution };
    if (query.resolution === '1d') return { series: { ...base, method: DAILY_METHOD, points: await this.daily(found, param.name, window) }, window, boardName };
    if (query.resolution === '15m') {
      const quarters = await this.trend(found, param.name, window, 'minute_15');
      return { series: { ...base, method: QUARTER_METHOD, points: this.quarterPoints(quarters, window) }, window, boardName };
    }
    if (dayStart(addDays(window.to, 1)) <= this.closedBefore()) {
      const read = await this.closedHours(found, param.name, window);
      const points = read && 'coverage' in read ? this.closedHourPoints(read.hours, read.coverage, window) : this.hourPoints(read?.hours, read?.quarters, window);
      return { series: { ...base, method: HOUR_METHOD, points }, window, boardName };
    }
    const [hours, quarters] = await Promise.all([this.trend(found, param.name, window, 'hour_1'), this.trend(found, param.name, window, 'minute_15')]);
    return { series: { ...base, method: HOUR_METHOD, points: this.hourPoints(hours, quarters, window) }, window, boardName };
  }

  /** The start of the current quarter hour: the quarters before it are closed. */
  private closedBefore(): number {
    return Math.floor(this.now() / QUARTER) * QUARTER;
  }

  /**
   * Stations' months for their bulk files, set-based: every parameter's 15-minute values with
   * coverage and quality, as the series route gives them, for many stations of some industries at
   * once (their tree, limits and industries read once a board, their trends in one request a board).
   * Stations not published are left out.
   */
  async months(tenantIds: readonly number[], stationIds: readonly number[], month: string): Promise<Map<number, StationMonth>> {
    const out = new Map<number, StationMonth>();
    const scope = await this.s.publication.scope();
    const first = `${month}-01`;
    const last = addDays(addDays(first, 32).slice(0, 8) + '01', -1);
    const today = isoInZone(this.now(), ZONE).slice(0, 10);
    // A month not begun has no value: no file.
    if (first > today || stationIds.length === 0) return out;
    const window: Window = { from: first, to: last > today ? today : last, nextFrom: null, askedTo: last };
    const wanted = new Set(stationIds);
    const byBoard = new Map<PublishedBoard, number[]>();
    for (const t of new Set(tenantIds)) {
      const board = scope.boardOf.get(t);
      if (board) byBoard.set(board, [...(byBoard.get(board) ?? []), t]);
    }
    for (const [board, tenants] of byBoard) {
      const [tree, industries] = await Promise.all([
        this.s.entities.tree({ ...board.auth, tenantIds: tenants }, EntitiesQuery.parse({ getDevices: 'true', params: 'true' })),
        this.s.industries.list({ ...board.auth, tenantIds: [board.board.id, ...tenants] }, board.board.id),
      ]);
      const byId = new Map(industries.map((i) => [i.id, i]));
      const found = stationsOf(tree as EntityNode[])
        .filter((node) => wanted.has(node.id))
        .map((node) => ({ node, board, industry: byId.get(node.tenantId) }));
      const stations = await this.describe(found);
      const names = [...new Set(stations.flatMap((st) => st.parameters.map((p) => p.name)))];
      const trends = new Map<string, TrendResult>();
      if (names.length > 0) {
        for (const r of await this.trends(board, stations.map((st) => st.id), names, window, 'minute_15')) trends.set(`${r.entityId}|${r.paramName}`, r);
      }
      for (const station of stations) {
        const series = station.parameters.map((parameter) => ({ parameter, trend: trends.get(`${station.id}|${parameter.name}`) }));
        // A month without a single value (before the station reported, say) has no points: it gets no file.
        const any = series.some((x) => x.trend?.data.some((p) => p.value !== null));
        out.set(station.id, { station, points: any ? series.map((x) => ({ parameter: x.parameter, points: this.quarterPoints(x.trend, window) })) : [] });
      }
    }
    return out;
  }

  /**
   * The station's series as the public portal's chart reads it (POST /api/data/entityMetric), read
   * with other stations' asking for the same days at the same moment.
   */
  private trend(found: FoundStation, parameter: string, window: Window, interval: Interval): Promise<TrendResult | undefined> {
    const { board } = found;
    return this.trendBatches.one(`${boardKey(board)}|${parameter}|${interval}|${window.from}|${window.to}`, found.node.id, found, async (stations) => {
      const results = await this.trends(board, stations.map((f) => f.node.id), [parameter], window, interval);
      return new Map(results.map((r) => [r.entityId, r]));
    });
  }

  /**
   * The station's hours of a range that has closed, as the portal's hourly chart reads them, read
   * with other stations' asking for the same days. A station whose parameter has one series (one
   * device slot, ever) gets the same hours with their availability beside them (the quarters with data
   * of each hour, SPEC 9): one request of the hourly rollups instead of the hours and every quarter of
   * the range (four times the rows, each a heap read of its own). One of several series gets its
   * quarters, as an availability averaged over the series cannot say which quarters any of them had.
   */
  private closedHours(found: FoundStation, parameter: string, window: Window): Promise<ClosedHours | undefined> {
    const { board } = found;
    return this.hourBatches.one(`${boardKey(board)}|${parameter}|${window.from}|${window.to}`, found.node.id, found, async (stations) => {
      const catalogs = await this.s.catalogs.read([...new Set(stations.map((f) => f.node.tenantId))]);
      const single = stations.filter((f) => seriesPairs(catalogs, f, parameter).length <= 1).map((f) => f.node.id);
      const several = stations.filter((f) => seriesPairs(catalogs, f, parameter).length > 1).map((f) => f.node.id);
      const request = MetricRequest.parse({
        entityIds: single,
        params: [{ name: parameter }, { name: parameter, availability: true }],
        interval: 'hour_1',
        startDate: window.from,
        endDate: addDays(window.to, 1),
        timezone: ZONE,
        aggLevel: 'entity',
        includeDescendants: false,
      });
      const [withCoverage, hours, quarters] = await Promise.all([
        single.length > 0 ? this.s.trends.entityMetric(board.auth, request) : [],
        several.length > 0 ? this.trends(board, several, [parameter], window, 'hour_1') : [],
        several.length > 0 ? this.trends(board, several, [parameter], window, 'minute_15') : [],
      ]);
      const out = new Map<number | null, ClosedHours>();
      // The results of the first parameter, one a station, then those of the second (the trends keep the order asked).
      for (const r of withCoverage) {
        const got = out.get(r.entityId);
        out.set(r.entityId, got === undefined ? { hours: r, coverage: undefined } : { hours: got.hours, coverage: r });
      }
      for (const r of hours) out.set(r.entityId, { hours: r, quarters: undefined });
      for (const r of quarters) out.set(r.entityId, { hours: (out.get(r.entityId) as { hours?: TrendResult } | undefined)?.hours, quarters: r });
      return out;
    });
  }

  /** Stations' series of a board, one per station and parameter measured, in one request. */
  private trends(board: PublishedBoard, stationIds: readonly number[], parameters: readonly string[], window: Pick<Window, 'from' | 'to'>, interval: Interval): Promise<TrendResult[]> {
    const request = MetricRequest.parse({
      entityIds: stationIds,
      params: parameters.map((name) => ({ name })),
      interval,
      startDate: window.from,
      endDate: addDays(window.to, 1),
      timezone: ZONE,
      aggLevel: 'entity',
      includeDescendants: false,
    });
    return this.s.trends.entityMetric(board.auth, request);
  }

  private quarterPoints(trend: TrendResult | undefined, window: Window): OpenPoint[] {
    // The trend's points are in time order: walked beside the quarters, not looked up.
    const data = trend?.data ?? [];
    const quality = qualityMarks(trend);
    const start = dayStart(window.from);
    const end = Math.min(dayStart(addDays(window.to, 1)), Math.floor(this.now() / QUARTER) * QUARTER);
    const time = timesIn(start, end);
    const points: OpenPoint[] = [];
    let j = 0;
    for (let t = start; t < end; t += QUARTER) {
      while (j < data.length && data[j]!.time < t) j++;
      const value = j < data.length && data[j]!.time === t ? (data[j]!.value ?? null) : null;
      points.push(point(time(t), value, 1, value === null ? 0 : 1, quality(t, t + QUARTER)));
    }
    return points;
  }

  private hourPoints(hours: TrendResult | undefined, quarters: TrendResult | undefined, window: Window): OpenPoint[] {
    const values = new Map((hours?.data ?? []).map((p) => [p.time, p.value]));
    const withData = new Set((quarters?.data ?? []).filter((p) => p.value !== null).map((p) => p.time));
    const quality = qualityMarks(quarters);
    const closedBefore = Math.floor(this.now() / QUARTER) * QUARTER;
    const end = Math.min(dayStart(addDays(window.to, 1)), closedBefore);
    const points: OpenPoint[] = [];
    for (let t = dayStart(window.from); t < end; t += HOUR) {
      let expected = 0;
      let observed = 0;
      for (let q = t; q < t + HOUR && q < closedBefore; q += QUARTER) {
        expected += 1;
        if (withData.has(q)) observed += 1;
      }
      points.push(point(t, values.get(t) ?? null, expected, observed, quality(t, t + HOUR)));
    }
    return points;
  }

  /**
   * Hours that have all closed: the value of the hourly chart; coverage the hour's quarters (all
   * expected) and those with data, from the availability of the same hour (the percentage of its four
   * quarters); quality from the hours' marks, which are the same as the quarters' (the windows and
   * verdicts over the range, whatever the interval).
   */
  private closedHourPoints(hours: TrendResult | undefined, coverage: TrendResult | undefined, window: Window): OpenPoint[] {
    const values = new Map((hours?.data ?? []).map((p) => [p.time, p.value]));
    const available = new Map((coverage?.data ?? []).map((p) => [p.time, p.availability ?? 0]));
    const quality = qualityMarks(hours);
    const expected = HOUR / QUARTER;
    const points: OpenPoint[] = [];
    const end = dayStart(addDays(window.to, 1));
    for (let t = dayStart(window.from); t < end; t += HOUR) {
      points.push(point(t, values.get(t) ?? null, expected, Math.round(((available.get(t) ?? 0) * expected) / 100), quality(t, t + HOUR)));
    }
    return points;
  }

  /** Report 1's daily means: the quarter sums of the compliance days and the 16-hour capture rule. */
  private async daily(found: FoundStation, parameter: string, window: Window): Promise<OpenPoint[]> {
    const tenantId = found.node.tenantId;
    const pairs = seriesPairs(await this.s.catalogs.read([tenantId]), found, parameter);
    const days = await this.s.availability.seriesDays(tenantId, pairs, window.from, window.to, this.now());
    const points: OpenPoint[] = [];
    for (const c of days) {
      const f = dailyFigure(c, c.expected);
      points.push(point(dayStart(c.day), f.average, c.expected, c.quarters, 'OK', f.capture));
    }
    return points;
  }

  /** The compliance timeline's exceedance episodes of the station (report 3's and the alert list's). */
  exceedances(stationId: number, query: OpenRangeQuery) {
    return this.kept(`exceedances|${stationId}|${query.from}|${query.to ?? ''}`, () => this.makeExceedances(stationId, query));
  }

  private async makeExceedances(stationId: number, query: OpenRangeQuery) {
    const found = await this.find(stationId);
    const window = this.window(query, OPEN_EVENTS_MAX_DAYS);
    const { board } = found;
    const events = await this.exceedanceBatches.one(`${boardKey(board)}|${window.from}|${window.to}`, stationId, found, async (stations) => {
      const query = { tenantIds: [...new Set(stations.map((f) => f.node.tenantId))], stationIds: stations.map((f) => f.node.id), from: window.from, to: window.to, limit: EVENTS_KEPT };
      return this.s.compliance.exceedances(board.auth, query, this.now());
    });
    const items = (events ?? []).map((e) => ({
        parameter: e.parameter,
        start: at(e.at),
        end: e.until === null ? null : at(e.until),
        slots: e.slots,
        minutesAboveLimit: e.slots === null ? null : minutesAboveLimit(e.slots),
        peak: roundValue(e.peak),
      }));
    return { items, window, boardName: found.board.board.name };
  }

  /** Uptime per IST day: getAvgUptimeByStation's figure (the mean of the station's devices'). */
  uptime(stationId: number, query: OpenRangeQuery) {
    return this.kept(`uptime|${stationId}|${query.from}|${query.to ?? ''}`, () => this.makeUptime(stationId, query));
  }

  private async makeUptime(stationId: number, query: OpenRangeQuery) {
    const found = await this.find(stationId);
    const window = this.window(query, OPEN_UPTIME_MAX_DAYS);
    const items = [];
    for (let day = window.from; day <= window.to; day = addDays(day, 1)) {
      const list = await this.s.compliance.groupByUptime(found.board.auth, { groupBy: 'station', tenantId: found.node.tenantId, stationId, from: day, to: day }, this.now(), true);
      const row = list.items.find((r) => r.id === stationId);
      items.push({ day, uptime: row?.availability ?? null, expected: row ? row.slots - row.suppressedSlots : 0, observed: row?.slotsWithData ?? 0 });
    }
    return { items, window, boardName: found.board.board.name };
  }

  /** NAQI of a CAAQMS station on each of the last 30 IST days, as GET /api/air-quality gives it. */
  naqi(stationId: number, query: OpenNaqiQuery = {}) {
    return this.kept(`naqi|${stationId}|${query.from ?? ''}|${query.to ?? ''}`, () => this.makeNaqi(stationId, query));
  }

  /**
   * NAQI of a CAAQMS station per IST day: the last 30 days as GET /api/air-quality gives them, or
   * the days of a range as POST /api/data/aqi computes them (the same figure, air-quality.test).
   */
  private async makeNaqi(stationId: number, query: OpenNaqiQuery): Promise<{ items: { day: string; aqi: number | null; category: AqiCategory | null; prominent: AqiPollutant[]; pollutants: number }[]; window: Window | null; boardName: string }> {
    if (query.from === undefined && query.to !== undefined) throw badRequest('query.from', 'is needed with to');
    const found = await this.find(stationId);
    if (found.node.type !== 'caaqms') throw badRequest('params.stationId', `station ${stationId} is a ${found.node.type} station: the National AQI is given for ambient air (caaqms) stations only`);
    const boardName = found.board.board.name;
    if (query.from !== undefined) {
      const window = this.window({ from: query.from, to: query.to }, OPEN_NAQI_MAX_DAYS);
      const answer = await this.s.aqi.aqi(found.board.auth, { entityId: stationId, startDate: window.from, endDate: window.to });
      const items = answer.days.map((d) => ({ day: d.date, aqi: d.aqi, category: d.category, prominent: d.prominent, pollutants: d.subIndices.length }));
      return { items, window, boardName };
    }
    const overview = await this.s.airQuality.overview(found.board.auth, { tenantId: found.node.tenantId });
    const row = overview.stations.find((s) => s.entityId === stationId);
    const items = overview.days.map((day, i) => {
      const brief = row?.days[i];
      return { day, aqi: brief?.aqi ?? null, category: brief?.category ?? null, prominent: brief?.prominent ?? [], pollutants: brief?.pollutants ?? 0 };
    });
    return { items, window: null, boardName };
  }

  /** The station's calibration records, newest first, without who ran them or their documents. */
  async calibrations(stationId: number, page: number, pageSize: number) {
    const found = await this.find(stationId);
    const list = await this.s.calibration.list(found.board.auth, { tenantId: found.node.tenantId, entityId: stationId, page, pageSize });
    return {
      boardName: found.board.board.name,
      more: list.total > (page + 1) * pageSize,
      items: list.items.map((c) => ({
        id: c.id,
        deviceId: c.deviceId,
        type: c.type,
        status: c.status,
        startedAt: at(Date.parse(c.startedAt)),
        endedAt: c.endedAt === null ? null : at(Date.parse(c.endedAt)),
        verdict: c.verdict,
        parameters: c.params.map((p) => ({ name: p.name, unit: p.unit, verdict: p.verdict })),
      })),
    };
  }
}

const QUARTER_METHOD = '15-minute average: the mean of the readings in the IST-aligned quarter hour (docs/DEFINITIONS.md), as the portal charts it';
const HOUR_METHOD = 'Hourly value of the portal charts over the hour; coverage counts its quarter hours with data';
const DAILY_METHOD = 'Daily average: the mean of the IST day\'s 15-minute averages, calibration and maintenance quarters left out, given when at least 64 quarters (16 hours) have data (report 1)';

function point(time: number | string, value: number | null, expected: number, observed: number, quality: OpenPoint['quality'], capture?: number | null): OpenPoint {
  return { time: typeof time === 'string' ? time : at(time), value: roundValue(value), coverage: { expected, observed, percent: capture === undefined ? percent(observed, expected) : capture }, quality };
}

/**
 * `at` over [from, to) for many instants: when the zone keeps one offset throughout (India always
 * does), shifted by it instead of asking the zone at every point (a month's file is 5,760 points).
 */
function timesIn(from: number, to: number): (time: number) => string {
  const offset = fixedOffset(from, to, ZONE);
  if (offset === undefined || offset % 60_000 !== 0) return at;
  const suffix = at(from).slice(23);
  // The day's text once a day, the time of day's once a minute of the day.
  const days = new Map<number, string>();
  const clock = new Map<number, string>();
  return (time) => {
    const local = time + offset;
    const day = Math.floor(local / 86_400_000);
    const minute = Math.floor((local - day * 86_400_000) / 60_000);
    if (local % 60_000 !== 0) return `${new Date(local).toISOString().slice(0, 23)}${suffix}`;
    let d = days.get(day);
    if (d === undefined) days.set(day, (d = new Date(day * 86_400_000).toISOString().slice(0, 10)));
    let c = clock.get(minute);
    if (c === undefined) clock.set(minute, (c = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00.000`));
    return `${d}T${c}${suffix}`;
  };
}

/**
 * The state of [from, to) as the portal's chart marks it: a calibration or maintenance window of the
 * series first (a window decides a slot's state before any detector, docs/DATA-QUALITY.md), then the
 * data-quality verdicts of its slots, invalid before suspect. The marks' times are read once, not
 * once a point.
 */
function qualityMarks(trend: TrendResult | undefined): (from: number, to: number) => OpenPoint['quality'] {
  const windows = (trend?.suppressed ?? []).map((w) => ({ kind: w.kind, from: Date.parse(w.from), to: w.to === null ? Infinity : Date.parse(w.to) }));
  const flagged = (trend?.flagged ?? []).map((f) => ({ invalid: f.state === 'invalid', from: Date.parse(f.from), to: Date.parse(f.to) }));
  if (windows.length === 0 && flagged.length === 0) return () => 'OK';
  return (from, to) => {
    const overlaps = (m: { from: number; to: number }) => m.from < to && m.to > from;
    for (const w of windows) if (overlaps(w)) return w.kind;
    let suspect = false;
    for (const f of flagged) {
      if (!overlaps(f)) continue;
      if (f.invalid) return 'INVALID';
      suspect = true;
    }
    return suspect ? 'SUSPECT' : 'OK';
  };
}

/** The parameters the station's devices in service measure (diagnostics left out), first device first. */
function parametersOf(node: EntityNode): { name: string; label: string; unit: string }[] {
  const params = new Map<string, { name: string; label: string; unit: string }>();
  for (const device of node.devices ?? []) {
    if (device.deletedDate !== null) continue;
    for (const p of device.profile?.params ?? []) {
      if (p.deletedDate !== null || p.stdParam.name.startsWith('device_') || params.has(p.stdParam.name)) continue;
      params.set(p.stdParam.name, { name: p.stdParam.name, label: p.stdParam.label, unit: p.unit });
    }
  }
  return [...params.values()];
}

/** The device slots that ever served the station's parameter (its series now and past). */
function seriesPairs(catalogs: CatalogSnapshot, found: FoundStation, parameter: string): { deviceId: number; slot: number }[] {
  const catalog = catalogs.tenants.get(found.node.tenantId);
  const key = String(found.node.id);
  const series = [...(catalog?.seriesByEntity.get(key) ?? []), ...(catalog?.pastSeriesByEntity.get(key) ?? [])].filter((s) => s.name === parameter);
  return [...new Map(series.map((s) => [`${s.device_id}:${s.slot}`, { deviceId: Number(s.device_id), slot: s.slot }])).values()];
}

function stationsOf(nodes: readonly EntityNode[]): EntityNode[] {
  return nodes.flatMap((n) => [...((CONTAINER_TYPES as readonly string[]).includes(n.type) ? [] : [n]), ...stationsOf(n.children)]);
}

function coordinate(node: EntityNode, name: RegExp): number | null {
  const value = Number(node.properties.find((p) => name.test(p.name))?.value);
  return Number.isFinite(value) && node.properties.some((p) => name.test(p.name)) ? value : null;
}
