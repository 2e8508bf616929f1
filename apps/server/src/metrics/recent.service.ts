import type { EntityType } from '@enviro/contracts/common';
import type { RecentPoint, RecentRequest, RecentTreeNode, RecentTreeRequest, RecentValue } from '@enviro/contracts/data';
import { liveStatus } from '@enviro/domain/live-status';
import type { Auth } from '../access/auth.ts';
import type { PreparedHandle } from '../db/prepared.ts';
import { scopeTenantIds } from '../access/access.ts';
import { entityVisible } from '../repositories/entity-restriction.ts';
import { matchesTags } from '@enviro/domain/tag-filter';
import { readRecent, type LatestValueRow } from './recent-query.ts';
import { assertKnownParams, assertRootsFound, entityScope, seriesTags, sortEntities } from './selection.ts';
import { SeriesRepository, type ScopeEntityRow } from './series.repository.ts';

const HOUR_MS = 3_600_000;

interface Latest extends LatestValueRow {
  entity: ScopeEntityRow;
  /** Where the parameter first appears in the entity: the lowest device and slot reporting it. */
  first: { device: number; slot: number };
}

/**
 * Latest values of POST /api/data/recent/metric and /api/data/recentTree/metric, from
 * series_latest, within `backscan` hours of now. One value per entity and parameter: when several
 * devices of an entity report a parameter, the newest reading wins (the lower device id on a tie).
 */
export class RecentService {
  private readonly series: SeriesRepository;

  constructor(
    private readonly database: PreparedHandle,
    private readonly now: () => number = Date.now,
  ) {
    this.series = new SeriesRepository(database.db);
  }

  /** Latest values by entity name, then parameter in request order (device slot order without params). */
  async recent(auth: Auth, request: RecentRequest): Promise<RecentValue[]> {
    const { latest } = await this.latest(auth, request);
    return latest.map((l) => ({
      ...point(l),
      entityId: Number(l.entity.id),
      entityName: l.entity.name,
      entityType: l.entity.type as EntityType,
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
      const list = values.get(l.entity.id);
      if (list) list.push(point(l));
      else values.set(l.entity.id, [point(l)]);
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

  /**
   * One value per entity and parameter, by entity name; within an entity the parameters come in
   * request order, without params by device and slot.
   */
  private async latest(auth: Auth, request: RecentRequest | RecentTreeRequest) {
    const now = this.now();
    const names = request.params ? [...new Set(request.params)] : null;
    const tenantIds = scopeTenantIds(auth, request.tenantIds);
    const since = new Date(now - request.backscan * HOUR_MS);
    const [found, restriction] = await Promise.all([
      readRecent(this.database, entityScope(tenantIds, request), names, since),
      this.series.restriction(auth),
      request.params ? assertKnownParams(this.series, request.params) : undefined,
    ]);
    // A user limited to some entities reads only those and their descendants; others answer 404.
    const scope = restriction === null ? found.scope : found.scope.filter((e) => entityVisible(restriction, e));
    assertRootsFound(scope, request.entityIds);

    const types: readonly string[] | undefined = request.entityTypeFilter;
    const entities = new Map(scope.filter((e) => !types || types.includes(e.type)).map((e) => [e.id, e]));
    const best = new Map<string, Latest>();
    for (const row of found.series) {
      const entity = entities.get(row.entity_id);
      if (!entity) continue;
      if (request.considerTags && !matchesTags(seriesTags(row, entity), request.considerTags)) continue;
      const key = `${row.entity_id}\u0000${row.name}`;
      const current = best.get(key);
      const device = Number(row.device_id);
      const first = current && comparePlace(current.first, device, row.slot) <= 0 ? current.first : { device, slot: row.slot };
      // The newest reading wins; on a tie, the lower device id.
      if (!current || row.time > current.time || (row.time === current.time && device < Number(current.device_id))) {
        best.set(key, { ...row, entity, first });
      } else {
        current.first = first;
      }
    }
    const rank = new Map(sortEntities([...entities.values()]).map((e, i) => [e.id, i]));
    const order = names ? new Map(names.map((n, i) => [n, i])) : null;
    const latest = [...best.values()].sort(
      (a, b) =>
        rank.get(a.entity_id)! - rank.get(b.entity_id)! ||
        (order ? order.get(a.name)! - order.get(b.name)! : comparePlace(a.first, b.first.device, b.first.slot)),
    );
    return { latest, scope, now };
  }
}

function comparePlace(a: { device: number; slot: number }, device: number, slot: number): number {
  return a.device - device || a.slot - slot;
}

function point(l: Latest): RecentPoint {
  return { paramName: l.name, paramLabel: l.label, unit: l.unit, deviceId: Number(l.device_id), time: l.time, value: l.value };
}
