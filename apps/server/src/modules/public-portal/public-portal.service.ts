import type { EntityType, TenantStatus } from '@enviro/contracts/common';
import type { BoardList, BoardListQuery, IndustryList, IndustrySummary, LiveStatusCounts } from '@enviro/contracts/public-portal';
import { tenantDisplayId } from '@enviro/domain/display-id';
import { liveStatus } from '@enviro/domain/live-status';
import { sortByNameNatural } from '@enviro/domain/natural-sort';
import { orderStationTypes } from '@enviro/domain/station-order';
import { assertCanReadTenant } from '../../platform/access/access.ts';
import type { Auth } from '../../platform/access/auth.ts';
import { entityVisible } from '../../platform/access/entity-access.ts';
import type { Db } from '../../platform/database/database.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { PublicPortalRepository, type IndustryStationRow } from './public-portal.repository.ts';

/** The public portal's directory of boards and a board's list of industries (SPEC 2). */
export class PublicPortalService {
  private readonly industries: PublicPortalRepository;

  constructor(
    db: Db,
    private readonly entities: EntityService,
    private readonly now: () => number = Date.now,
  ) {
    this.industries = new PublicPortalRepository(db);
  }

  /**
   * The boards of the public portal's home page, by state then name. Open to everyone without
   * asking who calls: boards are public bodies, and each one's industries page is public already.
   */
  async boards(query: BoardListQuery): Promise<BoardList> {
    const rows = await this.industries.findBoards(query.industryId);
    const byName = sortByNameNatural(rows, (b) => b.name);
    return byName.sort((a, b) => stateOrder(a.state, b.state));
  }

  /** Industries of the board `boardId` the caller may see, with station counts and live status. */
  async list(auth: Auth, boardId: number): Promise<IndustryList> {
    assertCanReadTenant(auth, boardId);
    const [found, restriction] = await Promise.all([this.industries.findIndustryStations(auth.tenantIds, boardId), this.entities.restriction(auth)]);
    // A user limited to some entities counts only the stations they may see (their tenant stays listed).
    const rows = found.map((r) =>
      r.station_id === null || entityVisible(restriction, { tenant_id: r.id, id: r.station_id }) ? r : { ...r, station_id: null, station_type: null },
    );
    const byTenant = new Map<number, IndustryStationRow[]>();
    for (const row of rows) byTenant.set(row.id, [...(byTenant.get(row.id) ?? []), row]);
    const now = this.now();
    return sortByNameNatural(
      [...byTenant.values()].map((stations) => summarise(stations, now)),
      (i) => i.name,
    );
  }
}

/** States alphabetically, boards without one last. */
function stateOrder(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.localeCompare(b, 'en');
}

function summarise(rows: readonly IndustryStationRow[], now: number): IndustrySummary {
  const first = rows[0]!;
  const stations = rows.filter((r) => r.station_type !== null);
  const counts = new Map<string, number>();
  const live: LiveStatusCounts = { LIVE: 0, DELAYED: 0, OFFLINE: 0, UNKNOWN: 0 };
  let last: number | null = null;
  for (const s of stations) {
    counts.set(s.station_type!, (counts.get(s.station_type!) ?? 0) + 1);
    const at = s.last_data_at?.getTime() ?? null;
    live[liveStatus(at, now)] += 1;
    if (at !== null && (last === null || at > last)) last = at;
  }
  return {
    id: first.id,
    name: first.name,
    displayId: tenantDisplayId(first.id),
    // The table's CHECK constraints hold these to the contract's values.
    status: first.status as TenantStatus,
    industryCategory: first.industry_category,
    city: first.city,
    state: first.state,
    stationCount: stations.length,
    stationTypes: orderStationTypes(counts.keys()).map((type) => ({ type: type as EntityType, count: counts.get(type)! })),
    liveStatus: live,
    lastDataAt: last === null ? null : new Date(last).toISOString(),
  };
}
