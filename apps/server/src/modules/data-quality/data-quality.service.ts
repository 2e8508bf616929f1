import type { DetectorCount, DetectorName, QualityDay, QualityOverview, QualityOverviewQuery, QualitySlotFlag, QualityState, QualityStation, QualityStationQuery, QualityStationRow } from '@enviro/contracts/data-quality';
import { QUALITY_DEFAULT_DAYS, QUALITY_MAX_DAYS } from '@enviro/contracts/data-quality';
import { scoreOf } from '@enviro/domain/data-quality/assess';
import { addCalendar, DEFAULT_TIME_ZONE, dayOf, startOfCalendar, startOfDay } from '@enviro/domain/time-zone';
import { compareNatural } from '@enviro/domain/natural-sort';
import { groupBy } from '@enviro/domain/group-by';
import { scopeDataTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import type { Db } from '../../platform/database/database.ts';
import { badRequest } from '../../platform/errors.ts';
import type { CatalogCache } from '../data/catalog.ts';
import { visibleScope } from '../data/selection.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { DataQualityRepository, type StationDeviceDay } from './data-quality.repository.ts';

const ZONE = DEFAULT_TIME_ZONE;
const DAY_MS = 86_400_000;

/** Summed days: the score's parts and the counts by state and detector. */
interface Sums {
  slots: number;
  counted: number;
  credit: number;
  states: Record<string, number>;
  fired: Record<string, number>;
}

function sum(rows: readonly StationDeviceDay[]): Sums {
  const out: Sums = { slots: 0, counted: 0, credit: 0, states: {}, fired: {} };
  for (const r of rows) {
    out.slots += r.slots;
    out.counted += r.counted;
    out.credit += r.credit;
    for (const [k, v] of Object.entries(r.states)) out.states[k] = (out.states[k] ?? 0) + v;
    for (const [k, v] of Object.entries(r.fired)) out.fired[k] = (out.fired[k] ?? 0) + v;
  }
  return out;
}

const firedList = (fired: Record<string, number>): DetectorCount[] =>
  Object.entries(fired)
    .map(([detector, slots]) => ({ detector: detector as DetectorName, slots }))
    .sort((a, b) => b.slots - a.slots || a.detector.localeCompare(b.detector));

function toDay(day: string, s: Sums): QualityDay {
  return {
    day,
    score: scoreOf(s),
    slots: s.slots,
    suspect: s.states.suspect ?? 0,
    invalid: s.states.invalid ?? 0,
    calibration: s.states.calibration ?? 0,
    maintenance: s.states.maintenance ?? 0,
    fired: firedList(s.fired),
  };
}

/**
 * Data quality as people read it: the board's overview of its industries' stations, worst score
 * first, and a station's days with the flagged slots as evidence; also the per-slot states other
 * modules read (the open data API). The verdicts come from the quality worker (quality-worker.ts).
 */
export class DataQualityService {
  private readonly repository: DataQualityRepository;

  constructor(
    db: Db,
    private readonly access: TenantDirectory,
    private readonly entities: EntityService,
    private readonly catalogs: CatalogCache,
    private readonly now: () => number = Date.now,
  ) {
    this.repository = new DataQualityRepository(db);
  }

  /** The stations of the industries the caller reads (or of one), scored over the last whole days, worst first. */
  async overview(auth: Auth, query: QualityOverviewQuery): Promise<QualityOverview> {
    const tenantIds = await scopeDataTenantIds(this.access, auth, query.tenantId === undefined ? {} : { tenantIds: [query.tenantId] });
    const [snapshot, restriction] = await Promise.all([this.catalogs.read(tenantIds), this.entities.restriction(auth)]);
    const stations = visibleScope(snapshot, restriction, { includeDescendants: true }).filter((e) => (snapshot.tenants.get(e.tenant_id)?.seriesByEntity.get(e.id)?.length ?? 0) > 0);
    const today = startOfCalendar(this.now(), 'day', ZONE);
    const days = Array.from({ length: query.days }, (_, i) => dayOf(addCalendar(today, i - query.days, 'day', ZONE), ZONE));
    const [rows, names] = await Promise.all([
      this.repository.stationDays(tenantIds, stations.map((s) => s.id), days[0]!, days[days.length - 1]!),
      this.repository.tenantNames(tenantIds),
    ]);
    const byStation = groupBy(rows, (r) => r.station_id);
    const out: QualityStationRow[] = [];
    for (const st of stations) {
      const own = byStation.get(st.id);
      if (!own) continue;
      const total = sum(own);
      let worstDay: string | null = null;
      let worstScore: number | null = null;
      for (const [day, list] of groupBy(own, (r) => r.day)) {
        const score = scoreOf(sum(list));
        if (score !== null && (worstScore === null || score < worstScore || (score === worstScore && day > worstDay!))) {
          worstDay = day;
          worstScore = score;
        }
      }
      out.push({
        stationId: Number(st.id),
        stationName: st.name,
        stationType: st.type,
        tenantId: st.tenant_id,
        tenantName: names.get(st.tenant_id) ?? '',
        score: scoreOf(total),
        worstDay,
        worstScore,
        fired: firedList(total.fired),
      });
    }
    out.sort((a, b) => (a.score ?? 101) - (b.score ?? 101) || compareNatural(a.tenantName, b.tenantName) || compareNatural(a.stationName, b.stationName));
    return { days, stations: out };
  }

  /**
   * The devices' slots in [from, to) that are not valid, with their parameter, state and detectors
   * (a slot with data and no entry is valid), among the tenants' devices. No caller: for modules that
   * checked theirs (the regulator push, the raw data report, the open data API).
   */
  async flaggedSlots(
    tenantIds: number | readonly number[],
    deviceIds: readonly string[],
    from: Date,
    to: Date,
  ): Promise<{ deviceId: string; slot: number; param: string; at: number; state: QualityState; detectors: DetectorName[] }[]> {
    const rows = await this.repository.deviceFlags(typeof tenantIds === 'number' ? [tenantIds] : tenantIds, deviceIds, from, to);
    return rows.map((r) => ({ deviceId: r.device_id, slot: r.slot, param: r.name, at: Number(r.at), state: r.state as QualityState, detectors: r.detectors as DetectorName[] }));
  }

  /** A station's days in a period with their scores and the slots that are not valid; 404 for a station the caller does not read. */
  async station(auth: Auth, stationId: number, query: QualityStationQuery): Promise<QualityStation> {
    const tenantIds = await scopeDataTenantIds(this.access, auth, {});
    const [snapshot, restriction] = await Promise.all([this.catalogs.read(tenantIds), this.entities.restriction(auth)]);
    const [station] = visibleScope(snapshot, restriction, { entityIds: [stationId], includeDescendants: false });
    const today = startOfCalendar(this.now(), 'day', ZONE);
    const to = query.to ?? dayOf(addCalendar(today, -1, 'day', ZONE), ZONE);
    const from = query.from ?? dayOf(addCalendar(startOfDay(to, ZONE), 1 - QUALITY_DEFAULT_DAYS, 'day', ZONE), ZONE);
    const fromMs = startOfDay(from, ZONE);
    const toMs = addCalendar(startOfDay(to, ZONE), 1, 'day', ZONE);
    if (toMs <= fromMs) throw badRequest('to', 'must not be before from');
    if (toMs - fromMs > QUALITY_MAX_DAYS * DAY_MS + 3_600_000) throw badRequest('to', `at most ${QUALITY_MAX_DAYS} days after from`);
    const tenantId = station!.tenant_id;
    const [rows, flags, names] = await Promise.all([
      this.repository.stationDays([tenantId], [station!.id], from, to),
      this.repository.flags(tenantId, station!.id, new Date(fromMs), new Date(toMs)),
      this.repository.tenantNames([tenantId]),
    ]);
    const byDay = groupBy(rows, (r) => r.day);
    const days: QualityDay[] = [];
    for (let at = fromMs; at < toMs; at = addCalendar(at, 1, 'day', ZONE)) {
      const day = dayOf(at, ZONE);
      days.push(toDay(day, sum(byDay.get(day) ?? [])));
    }
    return {
      stationId,
      stationName: station!.name,
      tenantId,
      tenantName: names.get(tenantId) ?? '',
      from,
      to,
      score: scoreOf(sum(rows)),
      days,
      flags: flags.map(
        (f): QualitySlotFlag => ({
          deviceId: Number(f.device_id),
          param: f.name,
          label: f.label,
          time: Number(f.at),
          state: f.state as QualityState,
          detectors: f.detectors as DetectorName[],
          value: f.value,
        }),
      ),
    };
  }
}
