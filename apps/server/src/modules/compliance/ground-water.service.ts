import { CGWA_READINGS_PER_DAY, type GroundWaterQuery, type GroundWaterStations, type MeterValue } from '@enviro/contracts/compliance/ground-water';
import { DataRequest } from '@enviro/contracts/data/trend';
import { DEFAULT_TIME_ZONE, addDays, dayOf } from '@enviro/domain/time-zone';
import { scopeTenantIds } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { Db } from '../../platform/database/database.ts';
import type { RecentService } from '../data/recent.service.ts';
import type { TrendService } from '../data/trend.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { GroundWaterRepository } from './ground-water.repository.ts';

const ZONE = DEFAULT_TIME_ZONE;
/** What a CGWA flow meter reports, by the catalogue's names (REGULATORY.md). */
const METER = { volume: 'totalizer', pumpHours: 'pump_hours', level: 'level', flow: 'flow' } as const;

/**
 * CGWA's view of ground-water stations: each station's flow-meter telemetry (cumulative volume and
 * pump hours, depth to water, flow) and whether it reported at least twice on each IST day, the
 * rule of CGWA's technical specification for digital flow meters. Built on the data module's
 * recent values and daily counts, so the figures are those every trend shows.
 */
export class GroundWaterService {
  private readonly repo: GroundWaterRepository;

  constructor(
    db: Db,
    private readonly entities: EntityService,
    private readonly recent: RecentService,
    private readonly trends: TrendService,
  ) {
    this.repo = new GroundWaterRepository(db);
  }

  /** GET /api/groundWaterStations. */
  async stations(auth: Auth, query: GroundWaterQuery, now = Date.now()): Promise<GroundWaterStations> {
    const tenantIds = scopeTenantIds(auth, query.tenantId === undefined ? undefined : [query.tenantId]);
    const stations = await this.repo.stations(tenantIds, await this.entities.restriction(auth));
    if (stations.length === 0) return { readingsPerDay: CGWA_READINGS_PER_DAY, items: [] };
    const entityIds = stations.map((s) => Number(s.id));
    const today = dayOf(now, ZONE);
    const dates = Array.from({ length: query.days }, (_, i) => addDays(today, i - query.days + 1));
    const [latest, counts] = await Promise.all([
      this.recent.recent(auth, { entityIds, params: Object.values(METER), backscan: query.days * 24, includeDescendants: false }),
      this.trends.entityMetric(
        auth,
        DataRequest.parse({ entityIds, params: [{ name: METER.volume, dsAgg: 'count', agg: 'sum' }], interval: 'day_1', startDate: dates[0], endDate: addDays(today, 1), timezone: ZONE }),
      ),
    ]);
    return {
      readingsPerDay: CGWA_READINGS_PER_DAY,
      items: stations.map((s) => {
        const id = Number(s.id);
        const value = (param: string): MeterValue | null => {
          const v = latest.find((r) => r.entityId === id && r.paramName === param);
          return v ? { value: v.value, unit: v.unit, at: v.time } : null;
        };
        const byDay = new Map((counts.find((c) => c.entityId === id)?.data ?? []).map((p) => [dayOf(p.time, ZONE), p.value ?? 0]));
        const days = dates.map((date) => ({ date, readings: byDay.get(date) ?? 0 }));
        const closed = days.filter((d) => d.date !== today);
        return {
          tenantId: s.tenant_id,
          tenantName: s.tenant_name,
          stationId: id,
          stationName: s.name,
          lastDataAt: s.last_data_at?.getTime() ?? null,
          volume: value(METER.volume),
          pumpHours: value(METER.pumpHours),
          level: value(METER.level),
          flow: value(METER.flow),
          days,
          daysMeetingRule: closed.filter((d) => d.readings >= CGWA_READINGS_PER_DAY).length,
          closedDays: closed.length,
        };
      }),
    };
  }
}
