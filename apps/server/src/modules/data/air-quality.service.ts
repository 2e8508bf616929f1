import { AIR_QUALITY_DAYS, type AirQualityOverview, type AirQualityQuery, type AqiBrief } from '@enviro/contracts/data/air-quality';
import { AQI_POLLUTANTS, AQI_POLLUTANT_NAMES, MIN_VALID_HOURS_8, minValidHours, nationalAqi, type AqiPollutant } from '@enviro/domain/aqi';
import { addCalendar, DEFAULT_TIME_ZONE, dayOf, startOfCalendar } from '@enviro/domain/time-zone';
import { unitConversion } from '@enviro/domain/unit-conversion';
import type { Auth } from '../../platform/access/auth.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import type { SuppressionWindowService } from '../devices/suppression-windows.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { scopeDataTenantIds } from '../../platform/access/access.ts';
import { AqiDayCache, type Concentrations } from './air-quality-cache.ts';
import { AirQualityRepository, type AqiSeries, type AqiWindows, type AveragedRow, type DeviceWindow } from './air-quality.repository.ts';
import type { CatalogCache } from './catalog.ts';
import { VALID_HOUR_AVAILABILITY } from './aqi.service.ts';
import { visibleScope } from './selection.ts';

const ZONE = DEFAULT_TIME_ZONE;
const HOUR_MS = 3_600_000;
/** Hours read before the first day for the 8-hour windows of CO and O3 that end early in it. */
const LEAD_HOURS = 7;
/** Stations a statement computes the 30 days of, and how many such statements run at once. */
const DAY_CHUNK = 100;
const DAY_STATEMENTS = 2;
const EIGHT_HOUR = AQI_POLLUTANT_NAMES.flatMap((p, i) => (AQI_POLLUTANTS[p].averagingHours === 8 ? [i] : []));

/**
 * The air quality above a single station (GET /api/air-quality): every CAAQMS station the caller
 * reads, or one industry's, with its National AQI now and on each of the last 30 days. One SQL
 * statement averages every station's valid hours from the rollups (AirQualityRepository); the
 * indices come from `@enviro/domain/aqi`, as POST /api/data/aqi's do, so the two agree.
 */
export class AirQualityService {
  private readonly repository: AirQualityRepository;

  constructor(
    database: PooledHandle,
    private readonly access: TenantDirectory,
    private readonly entities: EntityService,
    private readonly catalogs: CatalogCache,
    private readonly windows: SuppressionWindowService,
    private readonly now: () => number = Date.now,
    private readonly dayCache = new AqiDayCache(),
  ) {
    this.repository = new AirQualityRepository(database);
  }

  async overview(auth: Auth, query: AirQualityQuery): Promise<AirQualityOverview> {
    const tenantIds = await scopeDataTenantIds(this.access, auth, query.tenantId === undefined ? {} : { tenantIds: [query.tenantId] });
    const [snapshot, restriction] = await Promise.all([this.catalogs.read(tenantIds), this.entities.restriction(auth)]);
    const stations = visibleScope(snapshot, restriction, { includeDescendants: true }).filter((e) => e.type === 'caaqms');

    const nowEnd = startOfCalendar(this.now(), 'hour', ZONE);
    const today = startOfCalendar(this.now(), 'day', ZONE);
    const daysFrom = addCalendar(today, -AIR_QUALITY_DAYS, 'day', ZONE);
    const days = Array.from({ length: AIR_QUALITY_DAYS }, (_, i) => dayOf(addCalendar(daysFrom, i, 'day', ZONE), ZONE));

    // Every pollutant series of the stations, current mounts and closed ones for their periods,
    // in the breakpoint table's unit (a unit with no conversion to it is left out, as on the station's page).
    const series: AqiSeries[] = [];
    for (const station of stations) {
      const catalog = snapshot.tenants.get(station.tenant_id)!;
      for (const s of [...(catalog.seriesByEntity.get(station.id) ?? []), ...(catalog.pastSeriesByEntity.get(station.id) ?? [])]) {
        const pollutant = AQI_POLLUTANT_NAMES.indexOf(s.name as AqiPollutant);
        if (pollutant < 0) continue;
        const conversion = unitConversion(s.name, s.unit, AQI_POLLUTANTS[s.name as AqiPollutant].unit);
        if (!conversion) continue;
        series.push({ tenantId: s.tenant_id, deviceId: s.device_id, slot: s.slot, stationId: station.id, pollutant, fromMs: s.from_ms, toMs: s.to_ms, factor: conversion.factor, offset: conversion.offset });
      }
    }
    // Now, for every station; the 30 closed days, for the stations whose days are not held.
    const firstDay = days[0]!;
    const yesterday = addCalendar(today, -1, 'day', ZONE);
    const previousFirstDay = dayOf(addCalendar(daysFrom, -1, 'day', ZONE), ZONE);
    const held = new Map<string, ReadonlyMap<string, Concentrations>>();
    // Yesterday's strip of a station, when only the day has turned: its 29 newest days carry over
    // and only the day just closed is computed; the whole strip is computed again behind the answer.
    const carried = new Map<string, ReadonlyMap<string, Concentrations>>();
    const stale: string[] = [];
    for (const st of stations) {
      const h = this.dayCache.get(st.id, firstDay, this.now());
      if (h) held.set(st.id, h.days);
      if (h?.stale) stale.push(st.id);
      const before = h ? undefined : this.dayCache.get(st.id, previousFirstDay, this.now());
      if (before) {
        carried.set(st.id, new Map([...before.days].filter(([day]) => day >= firstDay)));
        stale.push(st.id);
      }
    }
    const missing = series.filter((x) => !held.has(x.stationId) && !carried.has(x.stationId));
    const closing = series.filter((x) => carried.has(x.stationId));
    const common = { zone: ZONE, eightHour: EIGHT_HOUR, validQuarters: Math.ceil((4 * VALID_HOUR_AVAILABILITY) / 100), minValidHours8: MIN_VALID_HOURS_8 };
    const nowFrom = nowEnd - 24 * HOUR_MS;
    const dayWindow = { daysFrom, today, firstDay, common };
    const [nowRows, computed, closed] = await Promise.all([
      this.deviceWindows(series, nowFrom, nowEnd).then((w) =>
        this.repository.averages(series, w, { ...common, readFrom: nowFrom, readTo: nowEnd, daysFrom: nowFrom, daysTo: nowFrom, nowEnd }),
      ),
      this.computeDays(missing, dayWindow),
      this.computeDays(closing, { ...dayWindow, daysFrom: yesterday }, carried),
    ]);
    for (const [id, byDay] of [...computed, ...closed]) held.set(id, byDay);
    // Days held past their freshness are answered as held and computed again behind the answer.
    const again = new Set(this.dayCache.claim(stale));
    if (again.size > 0) {
      void this.computeDays(series.filter((x) => again.has(x.stationId)), dayWindow)
        .catch(() => undefined)
        .finally(() => this.dayCache.release([...again]));
    }
    const current = new Map<string, Concentrations>();
    for (const r of nowRows) if (r.day === null) put(current, r.station_id, r);

    const brief = (values: Concentrations | undefined): AqiBrief => {
      const result = nationalAqi(values ?? {});
      return { aqi: result.aqi, category: result.category, colour: result.colour, prominent: result.prominent, pollutants: result.subIndices.length };
    };
    const rowsOut = stations.map((station) => {
      const byDay = held.get(station.id);
      return {
        entityId: Number(station.id),
        entityName: station.name,
        tenantId: station.tenant_id,
        now: brief(current.get(station.id)),
        days: days.map((d) => brief(byDay?.get(d))),
      };
    });
    rowsOut.sort((a, b) => (b.now.aqi ?? -1) - (a.now.aqi ?? -1) || a.entityName.localeCompare(b.entityName, 'en', { numeric: true }) || a.entityId - b.entityId);
    return { time: nowEnd, days, stations: rowsOut };
  }

  /**
   * The closed days from `w.daysFrom` to today of the stations of `series`, from one statement per
   * chunk, put in the day cache over the days `carried` holds already (a station without data holds
   * no day).
   */
  private async computeDays(
    series: readonly AqiSeries[],
    w: { daysFrom: number; today: number; firstDay: string; common: Omit<AqiWindows, 'readFrom' | 'readTo' | 'daysFrom' | 'daysTo' | 'nowEnd'> },
    carried: ReadonlyMap<string, ReadonlyMap<string, Concentrations>> = new Map(),
  ): Promise<Map<string, Map<string, Concentrations>>> {
    const computed = new Map<string, Map<string, Concentrations>>();
    if (series.length === 0) return computed;
    const readFrom = w.daysFrom - LEAD_HOURS * HOUR_MS;
    const windows = await this.deviceWindows(series, readFrom, w.today);
    const stationIds = [...new Set(series.map((x) => x.stationId))];
    for (const id of stationIds) computed.set(id, new Map(carried.get(id)));
    // A statement per DAY_CHUNK stations, DAY_STATEMENTS at a time: a board of many stations keeps
    // its statements bounded, and two cores work on one view at once.
    const chunks = Array.from({ length: Math.ceil(stationIds.length / DAY_CHUNK) }, (_, i) => new Set(stationIds.slice(i * DAY_CHUNK, (i + 1) * DAY_CHUNK)));
    const run = async (chunk: ReadonlySet<string>) => {
      const rows = await this.repository.averages(series.filter((x) => chunk.has(x.stationId)), windows, { ...w.common, readFrom, readTo: w.today, daysFrom: w.daysFrom, daysTo: w.today, nowEnd: readFrom });
      for (const r of rows) if (r.day !== null) put(computed.get(r.station_id)!, r.day, r);
    };
    for (let i = 0; i < chunks.length; i += DAY_STATEMENTS) await Promise.all(chunks.slice(i, i + DAY_STATEMENTS).map(run));
    for (const [id, byDay] of computed) this.dayCache.set(id, w.firstDay, byDay, this.now());
    return computed;
  }

  /** The calibration and maintenance windows over the series' devices (a station's window: each of its devices'). */
  private async deviceWindows(series: readonly AqiSeries[], from: number, to: number): Promise<DeviceWindow[]> {
    const tenantIds = [...new Set(series.map((s) => s.tenantId))];
    const devices = series.map((s) => ({ deviceId: s.deviceId, entityId: s.stationId }));
    const found = series.length === 0 ? [] : await this.windows.covering(tenantIds, devices, new Date(from), new Date(to));
    if (found.length === 0) return [];
    const out: DeviceWindow[] = [];
    for (const w of found) {
      const devices = w.deviceId !== null ? [w.deviceId] : series.filter((s) => s.tenantId === w.tenantId && s.stationId === w.entityId).map((s) => s.deviceId);
      for (const deviceId of new Set(devices)) out.push({ deviceId, fromMs: w.startsAt.getTime(), toMs: w.endsAt?.getTime() ?? null });
    }
    return out;
  }
}

/** Puts a row's concentration under `key` when it had the valid hours its pollutant needs. */
function put(into: Map<string, Concentrations>, key: string, r: AveragedRow): void {
  const pollutant = AQI_POLLUTANT_NAMES[r.pollutant]!;
  if (r.hours < minValidHours(pollutant)) return;
  const values = into.get(key) ?? {};
  values[pollutant] = r.value;
  into.set(key, values);
}
