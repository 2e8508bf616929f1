import { AQI_POLLUTANTS, AQI_POLLUTANT_NAMES, averageAtEnd, dailyConcentration, nationalAqi, type AqiPollutant, type AveragedConcentration } from '@enviro/domain/aqi';
import type { AqiDay, AqiRequest, AqiResponse, AqiValue } from '@enviro/contracts/data/aqi';
import { DataRequest, type TrendResult } from '@enviro/contracts/data/trend';
import { addCalendar, DEFAULT_TIME_ZONE, fromWallClock, parseLocalDate, startOfCalendar, toWallClock } from '@enviro/domain/time-zone';
import { unitConversion } from '@enviro/domain/unit-conversion';
import type { Auth } from '../../platform/access/auth.ts';
import { scopeDataTenantIds } from '../../platform/access/access.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import { badRequest } from '../../platform/errors.ts';
import type { EntityService } from '../entities/entities.service.ts';
import type { CatalogCache } from './catalog.ts';
import { visibleScope } from './selection.ts';
import { requestField } from './time-window.ts';
import type { TrendService } from './trend.service.ts';

const HOUR_MS = 3_600_000;
const ZONE = DEFAULT_TIME_ZONE;
/** An hour counts toward an average when at least 3 of its 4 quarters hold data (75 %, CPCB's hourly rule). */
export const VALID_HOUR_AVAILABILITY = 75;
/** Hours read before a day for the 8-hour windows of CO and O3 that end early in it. */
const LEAD_HOURS = 7;
/** Days per trend read: hourly buckets stay under the trend's 10,000 a series. */
const DAYS_PER_READ = 366;
const QUARTER_MS = 15 * 60_000;
/** Span of one read of quarters (hours calibration touched): 15-minute buckets stay under 10,000 a series. */
const QUARTER_CHUNK_MS = 90 * 24 * HOUR_MS;

/** Hourly averages of one pollutant in the breakpoint table's unit, by hour start. */
type Hourly = Map<number, number>;

/**
 * CPCB's National AQI of a CAAQMS station (POST /api/data/aqi), now and per day of Asia/Kolkata,
 * from hourly averages the trend service reads from the hourly rollups (exact while they catch up:
 * it reads dirty hours from raw). The rules are `@enviro/domain/aqi`'s.
 */
export class AqiService {

  constructor(
    database: PooledHandle,
    private readonly access: TenantDirectory,
    private readonly trends: TrendService,
    private readonly entities: EntityService,
    private readonly catalogs: CatalogCache,
    private readonly now: () => number = Date.now,
  ) {
  }

  async aqi(auth: Auth, request: AqiRequest): Promise<AqiResponse> {
    const [snapshot, restriction] = await Promise.all([
      scopeDataTenantIds(this.access, auth, {}).then((ids) => this.catalogs.read(ids)),
      this.entities.restriction(auth),
    ]);
    // 404 for a station the caller may not read, whoever owns it.
    const [station] = visibleScope(snapshot, restriction, { entityIds: [request.entityId], includeDescendants: false });
    if (station!.type !== 'caaqms') throw badRequest(requestField('entityId'), `the National AQI is for CAAQMS stations; this is a ${station!.type} station`);
    const pollutants = AQI_POLLUTANT_NAMES.filter((p) => snapshot.params.byName.has(p));
    const read = (from: number, to: number) => this.hourly(auth, station!.tenant_id, Number(station!.id), pollutants, from, to);

    const nowEnd = startOfCalendar(this.now(), 'hour', ZONE);
    const recent = await read(nowEnd - 24 * HOUR_MS, nowEnd);
    const now = { time: nowEnd, ...this.indexOf(pollutants, (p) => averageAtEnd(p, hoursOf(recent.get(p), nowEnd - 24 * HOUR_MS, 24))) };

    const days: AqiDay[] = [];
    if (request.startDate !== undefined) {
      const first = fromWallClock(parseLocalDate(request.startDate)!, ZONE);
      const last = fromWallClock(parseLocalDate(request.endDate ?? request.startDate)!, ZONE);
      for (let chunk = first; chunk <= last; chunk = addCalendar(chunk, DAYS_PER_READ, 'day', ZONE)) {
        const chunkEnd = Math.min(addCalendar(chunk, DAYS_PER_READ, 'day', ZONE), addCalendar(last, 1, 'day', ZONE));
        const values = await read(chunk - LEAD_HOURS * HOUR_MS, Math.min(chunkEnd, nowEnd));
        for (let day = chunk; day < chunkEnd; day = addCalendar(day, 1, 'day', ZONE)) {
          days.push({
            date: localDate(day),
            ...this.indexOf(pollutants, (p) => {
              const lead = AQI_POLLUTANTS[p].averagingHours === 8 ? LEAD_HOURS : 0;
              return dailyConcentration(p, hoursOf(values.get(p), day - lead * HOUR_MS, 24 + lead));
            }),
          });
        }
      }
    }
    return { entityId: Number(station!.id), entityName: station!.name, now, days };
  }

  private indexOf(pollutants: readonly AqiPollutant[], concentration: (p: AqiPollutant) => AveragedConcentration | null): AqiValue {
    const averaged = new Map<AqiPollutant, AveragedConcentration>();
    for (const p of pollutants) {
      const c = concentration(p);
      if (c) averaged.set(p, c);
    }
    const result = nationalAqi(Object.fromEntries([...averaged].map(([p, c]) => [p, c.value])));
    return {
      aqi: result.aqi,
      category: result.category,
      colour: result.colour,
      prominent: result.prominent,
      missing: result.missing,
      subIndices: result.subIndices.map((s) => ({
        pollutant: s.pollutant,
        label: AQI_POLLUTANTS[s.pollutant].label,
        concentration: round(s.concentration),
        unit: AQI_POLLUTANTS[s.pollutant].unit === 'mg/m3' ? 'mg/m3' : 'µg/m3',
        subIndex: s.subIndex,
        validHours: averaged.get(s.pollutant)!.validHours,
      })),
    };
  }

  /**
   * The station's valid hourly averages of each pollutant in [from, to), converted to the table's
   * unit. A pollutant the devices report in a unit with no conversion to it is left out. Readings
   * inside a calibration or maintenance window of the pollutant's devices are not process data
   * (REGULATORY.md): an hour such a window touches is taken again from its quarters outside the
   * windows, and is valid only when 3 of them still hold data.
   */
  private async hourly(auth: Auth, tenantId: number, entityId: number, pollutants: readonly AqiPollutant[], from: number, to: number): Promise<Map<AqiPollutant, Hourly>> {
    const out = new Map<AqiPollutant, Hourly>();
    if (pollutants.length === 0 || to <= from) return out;
    const read = (names: readonly AqiPollutant[], interval: 'hour_1' | 'minute_15', start: number, end: number) =>
      this.trends.entityMetric(
        auth,
        DataRequest.parse({
          entityIds: [entityId],
          tenantIds: [tenantId],
          startDate: new Date(start).toISOString(),
          endDate: new Date(end).toISOString(),
          timezone: ZONE,
          interval,
          params: names.map((name) => ({ name, dsAgg: 'avg', agg: 'avg', availability: true })),
        }),
      );
    const touched = new Map<AqiPollutant, { windows: Period[]; hours: number[] }>();
    for (const r of await read(pollutants, 'hour_1', from, to)) {
      const pollutant = r.paramName as AqiPollutant;
      const toTable = tableUnit(pollutant, r.unit);
      if (!toTable) continue;
      const windows = (r.suppressed ?? []).map((w) => ({ from: Date.parse(w.from), to: w.to === null ? Infinity : Date.parse(w.to) }));
      const hours: Hourly = out.get(pollutant) ?? new Map();
      for (const point of r.data) {
        if (windows.some((w) => overlaps(w, point.time, HOUR_MS))) {
          const t = touched.get(pollutant) ?? { windows, hours: [] };
          t.hours.push(point.time);
          touched.set(pollutant, t);
        } else if (point.value !== null && (point.availability ?? 0) >= VALID_HOUR_AVAILABILITY) {
          hours.set(point.time, toTable(point.value));
        }
      }
      out.set(pollutant, hours);
    }
    if (touched.size > 0) await this.cleanHours(touched, out, (names, start, end) => read(names, 'minute_15', start, end));
    return out;
  }

  /** The hours windows touch, averaged from their quarters outside the windows (valid with 3 of 4), read in chunks of at most 90 days. */
  private async cleanHours(
    touched: ReadonlyMap<AqiPollutant, { windows: Period[]; hours: number[] }>,
    out: Map<AqiPollutant, Hourly>,
    readQuarters: (names: readonly AqiPollutant[], start: number, end: number) => Promise<TrendResult[]>,
  ): Promise<void> {
    const all = [...touched.values()].flatMap((t) => t.hours);
    const [first, last] = [Math.min(...all), Math.max(...all) + HOUR_MS];
    const quarters = new Map<AqiPollutant, Map<number, number>>();
    for (let start = first; start < last; start += QUARTER_CHUNK_MS) {
      for (const r of await readQuarters([...touched.keys()], start, Math.min(last, start + QUARTER_CHUNK_MS))) {
        const pollutant = r.paramName as AqiPollutant;
        const toTable = tableUnit(pollutant, r.unit);
        const { windows } = touched.get(pollutant)!;
        const of = quarters.get(pollutant) ?? new Map<number, number>();
        for (const q of r.data) {
          if (toTable && q.value !== null && (q.availability ?? 0) > 0 && !windows.some((w) => overlaps(w, q.time, QUARTER_MS))) of.set(q.time, toTable(q.value));
        }
        quarters.set(pollutant, of);
      }
    }
    for (const [pollutant, { hours }] of touched) {
      const of = quarters.get(pollutant) ?? new Map<number, number>();
      for (const hour of hours) {
        const values = [0, 1, 2, 3].flatMap((i) => of.get(hour + i * QUARTER_MS) ?? []);
        if ((100 * values.length) / 4 >= VALID_HOUR_AVAILABILITY) out.get(pollutant)!.set(hour, values.reduce((a, b) => a + b, 0) / values.length);
      }
    }
  }
}

interface Period {
  from: number;
  to: number;
}

/** Whether [start, start + length) overlaps the period. */
const overlaps = (p: Period, start: number, length: number) => p.from < start + length && p.to > start;

/** Converts a pollutant's value from the devices' unit to the breakpoint table's, or null when no conversion reaches it. */
function tableUnit(pollutant: AqiPollutant, unit: string): ((value: number) => number) | null {
  const conversion = unitConversion(pollutant, unit, AQI_POLLUTANTS[pollutant].unit);
  return conversion ? (value) => value * conversion.factor + conversion.offset : null;
}

/** `count` hourly values from `from`, null where an hour is missing or not valid. */
function hoursOf(hourly: Hourly | undefined, from: number, count: number): (number | null)[] {
  return Array.from({ length: count }, (_, i) => hourly?.get(from + i * HOUR_MS) ?? null);
}

function localDate(dayStart: number): string {
  return new Date(toWallClock(dayStart, ZONE)).toISOString().slice(0, 10);
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
