import type { EntityType } from '@enviro/contracts/common';
import type { RecentPoint, RecentRequest, RecentTreeNode, RecentTreeRequest, RecentValue } from '@enviro/contracts/data';
import { liveStatus } from '@enviro/domain/live-status';
import type { Auth } from '../access/auth.ts';
import type { Db } from '../db/database.ts';
import { scopeTenantIds } from '../access/access.ts';
import { entityVisible } from '../repositories/entity-restriction.ts';
import { readRecent } from './recent-query.ts';
import { assertKnownParams, assertRootsFound, entityScope, selectionOf, sortEntities, type SelectedSeries } from './selection.ts';
import { SeriesRepository, type ScopeEntityRow } from './series.repository.ts';

const HOUR_MS = 3_600_000;

interface Latest {
  series: SelectedSeries;
  time: number;
  value: number;
}

/**
 * Latest values of POST /api/data/recent/metric and /api/data/recentTree/metric, from
 * series_latest, within `backscan` hours of now. One value per entity and parameter: when several
 * devices of an entity report a parameter, the newest reading wins (the lower device id on a tie).
 */
export class RecentService {
  private readonly series: SeriesRepository;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {
    this.series = new SeriesRepository(db);
  }

  /** Latest values by entity name, then parameter in request order (device slot order without params). */
  async recent(auth: Auth, request: RecentRequest): Promise<RecentValue[]> {
    const { latest } = await this.latest(auth, request);
    return latest.map((l) => ({
      ...point(l),
      entityId: Number(l.series.entity.id),
      entityName: l.series.entity.name,
      entityType: l.series.entity.type as EntityType,
    }));
  }

  /**
   * The requested nodes (or the tenants' roots) as trees carrying their own latest values. With
   * entityTypeFilter, other nodes stay only as ancestors of matching ones. A node's lastDataAt is the
   * newest of its own and its subtree's.
   */
  async recentTree(auth: Auth, request: RecentTreeRequest): Promise<RecentTreeNode[]> {
    const { latest, scope, now } = await this.latest(auth, request);
    const values = new Map<string, RecentPoint[]>();
    for (const l of latest) {
      const list = values.get(l.series.entity.id);
      if (list) list.push(point(l));
      else values.set(l.series.entity.id, [point(l)]);
    }
    const children = new Map<string, ScopeEntityRow[]>();
    const ids = new Set(scope.map((e) => e.id));
    const roots: ScopeEntityRow[] = [];
    for (const e of scope) {
      if (e.parent_id === null || !ids.has(e.parent_id)) roots.push(e);
      else children.set(e.parent_id, [...(children.get(e.parent_id) ?? []), e]);
    }
    const types: readonly string[] | undefined = request.entityTypeFilter;
    const build = (e: ScopeEntityRow): RecentTreeNode | null => {
      const kids = sortEntities(children.get(e.id) ?? []).map(build).filter((n) => n !== null);
      if (types && !types.includes(e.type) && kids.length === 0) return null;
      const newest = Math.max(e.last_data_at?.getTime() ?? -Infinity, ...kids.map((k) => (k.lastDataAt ? Date.parse(k.lastDataAt) : -Infinity)));
      const lastDataAt = Number.isFinite(newest) ? newest : null;
      return {
        id: Number(e.id),
        name: e.name,
        type: e.type as EntityType,
        lastDataAt: lastDataAt === null ? null : new Date(lastDataAt).toISOString(),
        liveStatus: liveStatus(lastDataAt, now),
        values: values.get(e.id) ?? [],
        children: kids,
      };
    };
    return sortEntities(roots).map(build).filter((n) => n !== null);
  }

  private async latest(auth: Auth, request: RecentRequest | RecentTreeRequest) {
    const now = this.now();
    const names = request.params ? [...new Set(request.params)] : null;
    const tenantIds = scopeTenantIds(auth, request.tenantIds);
    const since = new Date(now - request.backscan * HOUR_MS);
    const [found, restriction] = await Promise.all([
      readRecent(this.db, entityScope(tenantIds, request), names, since),
      this.series.restriction(auth),
      request.params ? assertKnownParams(this.series, request.params) : undefined,
    ]);
    // A user limited to some entities reads only those and their descendants; others answer 404.
    const scope = restriction === null ? found.scope : found.scope.filter((e) => entityVisible(restriction, e));
    assertRootsFound(scope, request.entityIds);
    const selection = selectionOf(tenantIds, scope, found.series, request);

    const best = new Map<string, Latest>();
    for (const s of selection.series) {
      const key = `${s.entity.id}:${s.name}`;
      const current = best.get(key);
      if (!current || s.ts.getTime() > current.time) best.set(key, { series: s, time: s.ts.getTime(), value: s.value });
    }
    // Series come by entity name, device and slot; within an entity put parameters in request order.
    const order = (l: Latest) => (names ? names.indexOf(l.series.name) : 0);
    const entityRank = new Map<string, number>();
    for (const l of best.values()) if (!entityRank.has(l.series.entity.id)) entityRank.set(l.series.entity.id, entityRank.size);
    const latest = [...best.values()].sort(
      (a, b) => entityRank.get(a.series.entity.id)! - entityRank.get(b.series.entity.id)! || order(a) - order(b),
    );
    return { latest, scope: selection.scope, now };
  }
}

function point(l: Latest): RecentPoint {
  return {
    paramName: l.series.name,
    paramLabel: l.series.label,
    unit: l.series.unit,
    deviceId: Number(l.series.device_id),
    time: l.time,
    value: l.value,
  };
}
