import type { LiveCounts, OversightOverview, OversightQuery, OversightRow, RegulatorSyncCounts } from '@enviro/contracts/oversight';
import { liveStatus, LIVE_WITHIN_MS } from '@enviro/domain/live-status';
import { startOfCalendar, DEFAULT_TIME_ZONE } from '@enviro/domain/time-zone';
import type { TenantStatus } from '@enviro/contracts/common';
import { assertSignedIn } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { entityVisible, type EntityRestriction } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import { EntityService } from '../entities/entities.service.ts';
import { OversightRepository, type StationFigure } from './oversight.repository.ts';

const QUARTER_MS = 15 * 60_000;

/**
 * The seam for regulator sync (SPEC 4: In Sync, Out of Sync, Delayed per station). The regulator
 * module, built apart, provides it by decorating the app with `regulatorSync`; until then every
 * row's `regulatorSync` is null. It answers, per industry among `tenantIds`, the counts of the
 * stations the caller may see (`visible`), leaving out industries with no regulator connection.
 */
export interface RegulatorSyncSource {
  counts(tenantIds: readonly number[], visible: (station: { tenant_id: number; id: string }) => boolean): Promise<Map<number, RegulatorSyncCounts>>;
}

/**
 * GET /api/oversight: per industry the caller may read, live status of its stations, stations in
 * exceedance now, exceedances this month, data availability over 24 hours and regulator sync,
 * worst first. Five reads over all the industries at once, each per station, so a user limited to
 * some stations counts only those (ACCESS.md).
 */
export class OversightService {
  private readonly oversight: OversightRepository;
  private readonly entities: EntityService;

  constructor(
    db: Db,
    private readonly regulator: RegulatorSyncSource | null = null,
  ) {
    this.oversight = new OversightRepository(db);
    this.entities = new EntityService(db);
  }

  async overview(auth: Auth, query: OversightQuery, now = Date.now()): Promise<OversightOverview> {
    const user = assertSignedIn(auth);
    const industries = (await this.oversight.industries(user.tenantIds)).filter(matches(query.search));
    const ids = industries.map((t) => t.id);
    const quarterEnd = new Date(Math.floor(now / QUARTER_MS) * QUARTER_MS);
    const monthStart = new Date(startOfCalendar(now, 'month', DEFAULT_TIME_ZONE));
    const [restriction, stations, exceeding, alerts, availability] = await Promise.all([
      this.entities.restriction(auth),
      this.oversight.stations(ids),
      this.oversight.exceedingNow(ids, new Date(now - LIVE_WITHIN_MS)),
      this.oversight.alertsSince(ids, monthStart),
      this.oversight.availability(ids, quarterEnd),
    ]);
    const visibleStations = stations.filter((s) => entityVisible(restriction, s));
    const known = new Set(visibleStations.map((s) => `${s.tenant_id}:${s.id}`));
    const visible = (s: { tenant_id: number; id: string }) => known.has(`${s.tenant_id}:${s.id}`);
    const sync = this.regulator ? await this.regulator.counts(ids, visible) : new Map<number, RegulatorSyncCounts>();

    const rows = new Map<number, OversightRow & { quarters: number; devices: number }>(
      industries.map((t) => [
        t.id,
        {
          tenantId: t.id,
          name: t.name,
          status: t.status as TenantStatus,
          state: t.state,
          city: t.city,
          industryCategory: t.industry_category,
          stations: 0,
          live: { LIVE: 0, DELAYED: 0, OFFLINE: 0, UNKNOWN: 0 },
          exceedingNow: 0,
          exceedancesThisMonth: 0,
          availability: null,
          regulatorSync: sync.get(t.id) ?? null,
          quarters: 0,
          devices: 0,
        },
      ]),
    );
    for (const s of visibleStations) {
      const row = rows.get(s.tenant_id)!;
      row.stations += 1;
      row.live[liveStatus(s.last_data_at?.getTime(), now)] += 1;
    }
    const add = (figures: readonly StationFigure[], apply: (row: OversightRow, n: number) => void) => {
      for (const f of figures) if (visible(f)) apply(rows.get(f.tenant_id)!, f.n);
    };
    add(exceeding, (row) => (row.exceedingNow += 1));
    add(alerts, (row, n) => (row.exceedancesThisMonth += n));
    for (const a of availability) {
      if (!visible(a)) continue;
      const row = rows.get(a.tenant_id)!;
      row.quarters += a.quarters;
      row.devices += a.devices;
    }

    const all = [...rows.values()].map(({ quarters, devices, ...row }) => ({ ...row, availability: percent(quarters, devices) }));
    all.sort(worstFirst);
    const totals = summarise(all, [...rows.values()]);
    return {
      at: now,
      totals,
      items: all.slice(query.page * query.size, (query.page + 1) * query.size),
      total: all.length,
      page: query.page,
      size: query.size,
    };
  }
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

function summarise(rows: readonly OversightRow[], raw: readonly { quarters: number; devices: number }[]): OversightOverview['totals'] {
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
  const quarters = raw.reduce((n, r) => n + r.quarters, 0);
  const devices = raw.reduce((n, r) => n + r.devices, 0);
  return { industries: rows.length, stations, live, exceedingNow, industriesExceedingNow, exceedancesThisMonth, availability: percent(quarters, devices) };
}
