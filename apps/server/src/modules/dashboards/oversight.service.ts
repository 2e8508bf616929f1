import type { LiveCounts, OversightOverview, OversightQuery, OversightRow, RegulatorSyncCounts } from '@enviro/contracts/oversight';
import { DELAYED_WITHIN_MS, LIVE_WITHIN_MS } from '@enviro/domain/live-status';
import { startOfCalendar, DEFAULT_TIME_ZONE } from '@enviro/domain/time-zone';
import type { TenantStatus } from '@enviro/contracts/common';
import { assertSignedIn } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { entityVisible } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import type { AlertEpisodeService } from '../alerts/alert-episodes.service.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { OversightRepository, type StationFilter } from './oversight.repository.ts';

const QUARTER_MS = 15 * 60_000;

/**
 * The seam for regulator sync (SPEC 4: In Sync, Out of Sync, Delayed per station). The regulator
 * module's status service provides it (dashboards.module.ts wires it; regulator registers first);
 * an industry with no regulator mapping has `regulatorSync` null. It answers, per industry among `tenantIds`, the counts of the
 * stations the caller may see (`visible`), leaving out industries with no regulator connection.
 */
export interface RegulatorSyncSource {
  counts(tenantIds: readonly number[], visible: (station: { tenant_id: number; id: string }) => boolean): Promise<Map<number, RegulatorSyncCounts>>;
}

/**
 * GET /api/oversight: per industry the caller may read, live status of its stations, stations in
 * exceedance now, exceedances this month, data availability over 24 hours and regulator sync,
 * worst first. Four reads over all the industries at once, each counting per industry in SQL; a
 * user limited to some stations of their tenant counts only those there (ACCESS.md).
 */
export class OversightService {
  private readonly oversight: OversightRepository;

  constructor(
    db: Db,
    private readonly alerts: AlertEpisodeService,
    private readonly entities: EntityService,
    private readonly regulator: RegulatorSyncSource | null = null,
  ) {
    this.oversight = new OversightRepository(db);
  }

  async overview(auth: Auth, query: OversightQuery, now = Date.now()): Promise<OversightOverview> {
    const user = assertSignedIn(auth);
    const restriction = await this.entities.restriction(auth);
    const filter: StationFilter | null = restriction && { tenantId: restriction.tenantId, visible: [...restriction.visible] };
    const quarterEnd = new Date(Math.floor(now / QUARTER_MS) * QUARTER_MS);
    const monthStart = new Date(startOfCalendar(now, 'month', DEFAULT_TIME_ZONE));
    // All at once over every tenant the caller reads; the figures of those that are no industry
    // (the board itself) or miss the search are left out below.
    const scope = user.tenantIds;
    const [all, live, exceeding, alerts, availability, sync] = await Promise.all([
      this.oversight.industries(scope),
      this.oversight.liveCounts(scope, filter, new Date(now), LIVE_WITHIN_MS, DELAYED_WITHIN_MS),
      this.oversight.exceedingNow(scope, filter, new Date(now - LIVE_WITHIN_MS)),
      this.alerts.exceedancesSince(scope, monthStart, filter && { tenantId: filter.tenantId, entityIds: filter.visible.map(String) }),
      this.oversight.availability(scope, filter, quarterEnd),
      this.regulator
        ? this.regulator.counts(scope, (s) => entityVisible(restriction, s))
        : Promise.resolve(new Map<number, RegulatorSyncCounts>()),
    ]);
    const industries = all.filter(matches(query.search));
    const liveOf = byTenant(live);
    const exceedingOf = byTenant(exceeding);
    const alertsOf = byTenant(alerts);
    const availabilityOf = byTenant(availability);

    const rows = industries.map((t): OversightRow & { quarters: number; devices: number } => {
      const l = liveOf.get(t.id);
      const a = availabilityOf.get(t.id);
      return {
        tenantId: t.id,
        name: t.name,
        status: t.status as TenantStatus,
        state: t.state,
        city: t.city,
        industryCategory: t.industry_category,
        stations: l?.stations ?? 0,
        live: { LIVE: l?.live ?? 0, DELAYED: l?.delayed ?? 0, OFFLINE: l?.offline ?? 0, UNKNOWN: l?.unknown ?? 0 },
        exceedingNow: exceedingOf.get(t.id)?.n ?? 0,
        exceedancesThisMonth: alertsOf.get(t.id)?.n ?? 0,
        availability: percent(a?.quarters ?? 0, a?.devices ?? 0),
        regulatorSync: sync.get(t.id) ?? null,
        quarters: a?.quarters ?? 0,
        devices: a?.devices ?? 0,
      };
    });
    const totals = summarise(rows);
    const items = rows.map(({ quarters: _q, devices: _d, ...row }) => row).sort(worstFirst);
    return {
      at: now,
      totals,
      items: items.slice(query.page * query.size, (query.page + 1) * query.size),
      total: items.length,
      page: query.page,
      size: query.size,
    };
  }
}

function byTenant<T extends { tenant_id: number }>(rows: readonly T[]): Map<number, T> {
  return new Map(rows.map((r) => [r.tenant_id, r]));
}

function matches(search: string | undefined): (t: { name: string; state: string | null; city: string | null }) => boolean {
  const text = search?.toLowerCase();
  if (!text) return () => true;
  return (t) => [t.name, t.state, t.city].some((v) => v?.toLowerCase().includes(text));
}

/** Share of the devices' quarters over 24 hours holding data, in percent with one decimal. */
function percent(quarters: number, devices: number): number | null {
  return devices === 0 ? null : Math.round((1000 * quarters) / (devices * 96)) / 10;
}

const notReporting = (live: LiveCounts) => live.OFFLINE + live.UNKNOWN;

/** Most stations in exceedance now, most not reporting, most exceedances this month, least availability, name. */
function worstFirst(a: OversightRow, b: OversightRow): number {
  return (
    b.exceedingNow - a.exceedingNow ||
    notReporting(b.live) - notReporting(a.live) ||
    b.exceedancesThisMonth - a.exceedancesThisMonth ||
    (a.availability ?? 101) - (b.availability ?? 101) ||
    a.name.localeCompare(b.name) ||
    a.tenantId - b.tenantId
  );
}

function summarise(rows: readonly (OversightRow & { quarters: number; devices: number })[]): OversightOverview['totals'] {
  const live = { LIVE: 0, DELAYED: 0, OFFLINE: 0, UNKNOWN: 0 };
  let stations = 0;
  let exceedingNow = 0;
  let industriesExceedingNow = 0;
  let exceedancesThisMonth = 0;
  for (const r of rows) {
    stations += r.stations;
    for (const k of ['LIVE', 'DELAYED', 'OFFLINE', 'UNKNOWN'] as const) live[k] += r.live[k];
    exceedingNow += r.exceedingNow;
    if (r.exceedingNow > 0) industriesExceedingNow += 1;
    exceedancesThisMonth += r.exceedancesThisMonth;
  }
  const quarters = rows.reduce((n, r) => n + r.quarters, 0);
  const devices = rows.reduce((n, r) => n + r.devices, 0);
  return { industries: rows.length, stations, live, exceedingNow, industriesExceedingNow, exceedancesThisMonth, availability: percent(quarters, devices) };
}
