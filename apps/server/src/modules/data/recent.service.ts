import type { EntityType } from '@enviro/contracts/common';
import type { RecentPoint, RecentRequest, RecentTreeNode, RecentTreeRequest, RecentValue } from '@enviro/contracts/data/recent';
import { groupBy } from '@enviro/domain/group-by';
import { liveStatus } from '@enviro/domain/live-status';
import { matchesTags } from '@enviro/domain/tag-filter';
import { scopeDataTenantIds } from '../../platform/access/access.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import type { Auth } from '../../platform/access/auth.ts';
import type { PooledHandle } from '../../platform/database/pooled-repository.ts';
import type { EntityService } from '../entities/entities.service.ts';
import { seriesKey, type CatalogCache, type CatalogEntity, type CatalogSnapshot, type SeriesRow, type TenantCatalog } from './catalog.ts';
import { RecentRepository, type LatestValue, type MountWindow } from './recent.repository.ts';
import { assertKnownParams, resolveScope, seriesTags, sortEntities, visibleScope } from './selection.ts';

const HOUR_MS = 3_600_000;

interface Latest {
  series: SeriesRow;
  entity: CatalogEntity;
  time: number;
  value: number;
  /** Where the parameter first appears in the entity: the lowest device and slot reporting it. */
  first: { device: number; slot: number };
}

/**
 * Latest values of POST /api/data/recent/metric and /api/data/recentTree/metric, from
 * series_latest, within `backscan` hours of now. One value per entity and parameter: when several
 * devices of an entity report a parameter, the newest reading wins (the lower device id on a tie).
 */
export class RecentService {
  private readonly values: RecentRepository;

  constructor(
    database: PooledHandle,
    private readonly access: TenantDirectory,
    private readonly entities: EntityService,
    private readonly catalogs: CatalogCache,
    private readonly now: () => number = Date.now,
  ) {
    this.values = new RecentRepository(database);
  }

  /** Latest values by entity name, then parameter in request order (device slot order without params). */
  async recent(auth: Auth, request: RecentRequest): Promise<RecentValue[]> {
    const { latest } = await this.latest(auth, request, false);
    // Written out: spreading point() into each value took 2 ms for 1,000 values, this 0.1 ms.
    return latest.map((l) => ({
      paramName: l.series.name,
      paramLabel: l.series.label,
      unit: l.series.unit,
      deviceId: Number(l.series.device_id),
      time: l.time,
      value: l.value,
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
    const { latest, scope, dataTimes, now } = await this.latest(auth, request, true);
    const values = groupBy(latest, (l) => l.entity.id, point);
    const ids = new Set(scope.map((e) => e.id));
    const roots = scope.filter((e) => e.parent_id === null || !ids.has(e.parent_id));
    const children = groupBy(
      scope.filter((e) => e.parent_id !== null && ids.has(e.parent_id)),
      (e) => e.parent_id!,
    );
    const types: readonly string[] | undefined = request.entityTypeFilter;
    const build = (e: CatalogEntity): RecentTreeNode | null => {
      const kids = sortEntities(children.get(e.id) ?? []).map(build).filter((n) => n !== null);
      if (types && !types.includes(e.type) && kids.length === 0) return null;
      const newest = Math.max(dataTimes.get(e.id) ?? -Infinity, ...kids.map((k) => (k.lastDataAt ? Date.parse(k.lastDataAt) : -Infinity)));
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
  private async latest(auth: Auth, request: RecentRequest | RecentTreeRequest, withDataTimes: boolean) {
    const tenantIds = await scopeDataTenantIds(this.access, auth, request);
    const now = this.now();
    const names = request.params ? [...new Set(request.params)] : null;
    const since = new Date(now - request.backscan * HOUR_MS);

    // Values are read beside the catalog check: of every device of the tenants, or of the requested
    // entities' devices in the catalogs held, which are almost always current (read again if not).
    const held = request.entityIds ? this.catalogs.peek(tenantIds) : null;
    const early = request.entityIds && !held ? undefined : this.values.latestValues(tenantIds, held && devicesOf(held, request), since);
    const [snapshot, restriction, earlyValues, dataTimes] = await Promise.all([
      this.catalogs.read(tenantIds),
      this.entities.restriction(auth),
      early,
      withDataTimes ? this.values.entityDataTimes(tenantIds) : undefined,
    ]);
    if (request.params) assertKnownParams(snapshot.params, request.params);
    const scope = visibleScope(snapshot, restriction, request);
    const values =
      earlyValues && (!held || sameCatalogs(held, snapshot))
        ? earlyValues
        : await this.values.latestValues(tenantIds, devicesOf(snapshot, request), since);

    const types: readonly string[] | undefined = request.entityTypeFilter;
    const entities = new Map(scope.filter((e) => !types || types.includes(e.type)).map((e) => [e.id, e]));
    const wanted = names && new Set(names);
    const earlier = await this.values.latestWithin(mountsReportedPast(snapshot, entities.values(), wanted, values, since.getTime()), since);
    const best = new Map<string, Latest>();
    for (const v of [...values, ...earlier]) {
      const series = seriesAt(snapshot.tenants.get(v.tenant_id), v);
      if (!series || (wanted && !wanted.has(series.name))) continue;
      const entity = entities.get(series.entity_id);
      if (!entity) continue;
      if (request.considerTags && !matchesTags(seriesTags(series, entity), request.considerTags)) continue;
      keepNewest(best, series, entity, v);
    }
    const rank = new Map(sortEntities([...entities.values()]).map((e, i) => [e.id, i]));
    const order = names ? new Map(names.map((n, i) => [n, i])) : null;
    const latest = [...best.values()].sort(
      (a, b) =>
        rank.get(a.entity.id)! - rank.get(b.entity.id)! ||
        (order ? order.get(a.series.name)! - order.get(b.series.name)! : comparePlace(a.first, b.first.device, b.first.slot)),
    );
    return { latest, scope, dataTimes: new Map(dataTimes?.map((d) => [d.id, d.time])), now };
  }
}

/** Keeps per entity and parameter the newest reading (the lower device id on a tie) and the parameter's first place. */
function keepNewest(best: Map<string, Latest>, series: SeriesRow, entity: CatalogEntity, v: LatestValue): void {
  const key = `${entity.id}\u0000${series.name}`;
  const current = best.get(key);
  if (!current) {
    best.set(key, { series, entity, time: v.time, value: v.value, first: { device: v.device_id, slot: v.slot } });
    return;
  }
  if (comparePlace(current.first, v.device_id, v.slot) > 0) current.first = { device: v.device_id, slot: v.slot };
  const device = Number(current.series.device_id);
  if (v.time > current.time || (v.time === current.time && v.device_id < device)) {
    current.series = series;
    current.time = v.time;
    current.value = v.value;
  }
}

/**
 * The series a latest value belongs to: its device's on the station it is mounted on now, unless the
 * value is older than that mount; then the series of the mount it was taken under, if any (a value
 * a device took elsewhere, or in stock, is not this station's).
 */
function seriesAt(catalog: TenantCatalog | undefined, v: LatestValue): SeriesRow | undefined {
  if (!catalog) return undefined;
  const key = seriesKey(v.device_id, v.slot);
  const current = catalog.seriesByKey.get(key);
  if (current && (current.from_ms === null || v.time >= current.from_ms)) return current;
  return catalog.pastSeriesByKey.get(key)?.find((s) => (s.from_ms === null || v.time >= s.from_ms) && v.time < s.to_ms!);
}

/**
 * The closed mounts on the entities whose device has reported since it left them, within the
 * backscan: the latest value belongs to the device's later place, so each such mount's own newest
 * reading must be read from the readings.
 */
function mountsReportedPast(
  snapshot: CatalogSnapshot,
  entities: Iterable<CatalogEntity>,
  wanted: ReadonlySet<string> | null,
  values: readonly LatestValue[],
  sinceMs: number,
): MountWindow[] {
  const closed: (SeriesRow & { to_ms: number })[] = [];
  for (const e of entities) {
    for (const s of snapshot.tenants.get(e.tenant_id)?.pastSeriesByEntity.get(e.id) ?? []) {
      if (s.to_ms !== null && s.to_ms > sinceMs && (!wanted || wanted.has(s.name))) closed.push({ ...s, to_ms: s.to_ms });
    }
  }
  if (closed.length === 0) return [];
  const newest = new Map(values.map((v) => [`${v.tenant_id}|${v.device_id}|${v.slot}`, v.time]));
  return closed
    .filter((s) => (newest.get(`${s.tenant_id}|${Number(s.device_id)}|${s.slot}`) ?? -Infinity) >= s.to_ms)
    .map((s) => ({ tenantId: s.tenant_id, deviceId: s.device_id, slot: s.slot, fromMs: s.from_ms, toMs: s.to_ms }));
}

/** The devices in service that serve or served the requested entities (and descendants when asked) in the catalogs. */
function devicesOf(snapshot: CatalogSnapshot, request: RecentRequest | RecentTreeRequest): number[] {
  const devices = new Set<number>();
  for (const e of resolveScope(snapshot.tenants, request)) {
    const catalog = snapshot.tenants.get(e.tenant_id)!;
    for (const s of catalog.seriesByEntity.get(e.id) ?? []) devices.add(Number(s.device_id));
    for (const s of catalog.pastSeriesByEntity.get(e.id) ?? []) devices.add(Number(s.device_id));
  }
  return [...devices];
}

function sameCatalogs(held: CatalogSnapshot, current: CatalogSnapshot): boolean {
  return [...held.tenants].every(([id, t]) => current.tenants.get(id) === t);
}

function comparePlace(a: { device: number; slot: number }, device: number, slot: number): number {
  return a.device - device || a.slot - slot;
}

function point(l: Latest): RecentPoint {
  return { paramName: l.series.name, paramLabel: l.series.label, unit: l.series.unit, deviceId: Number(l.series.device_id), time: l.time, value: l.value };
}
