import { compareNatural } from '@enviro/domain/natural-sort';
import { matchesTags, type TagFilter } from '@enviro/domain/tag-filter';
import { badRequest, notFound } from '../../platform/errors.ts';
import { entityVisible, type EntityRestriction } from '../../platform/access/entity-access.ts';
import type { CatalogEntity, CatalogSnapshot, ParamCatalogue, SeriesRow, TenantCatalog } from './catalog.ts';
import { requestField } from './time-window.ts';

/** The fields every data request uses to say which entities it reads. */
export interface SelectionRequest {
  entityIds?: readonly number[] | undefined;
  tenantIds?: readonly number[] | undefined;
  includeDescendants: boolean;
  entityTypeFilter?: readonly string[] | undefined;
  /** Text an entity's name contains, or its type, ignoring case (metric requests). */
  entityFilter?: string | undefined;
  considerTags?: TagFilter | undefined;
}

/** A series with its entity and tags, in answer order. */
export interface SelectedSeries extends SeriesRow {
  entity: CatalogEntity;
  tags: Record<string, string>;
}

/**
 * The selected series a trend result draws from: its parameter's, narrowed by the device, station
 * and tenant it is grouped by. What the marks beside a trend (calibration, flags, corrections) pick
 * their series by.
 */
export function seriesOfResult(
  series: readonly SelectedSeries[],
  r: { paramName: string; tags: Record<string, string>; entityId: number | null },
): SelectedSeries[] {
  return series.filter(
    (s) =>
      s.name === r.paramName &&
      (r.tags.deviceId === undefined || r.tags.deviceId === s.device_id) &&
      (r.entityId === null || String(r.entityId) === s.entity_id) &&
      (r.tags.tenantId === undefined || r.tags.tenantId === String(s.tenant_id)),
  );
}

/**
 * Resolves entityIds (or, without them, every entity of the snapshot's tenants) to the series of
 * the named parameters (all when null) passing the type and tag filters, by entity name, device and
 * slot. An entity outside the tenants, deleted, or hidden by the caller's restriction answers 404
 * without telling which.
 */
export function selectSeries(
  snapshot: CatalogSnapshot,
  restriction: EntityRestriction | null,
  request: SelectionRequest,
  paramNames: readonly string[] | null,
  /** Also the series of devices that served the entities before (trends, which read each for its period). */
  withPast = false,
): SelectedSeries[] {
  const types = request.entityTypeFilter;
  const matches = entityMatcher(request.entityFilter);
  const entities = visibleScope(snapshot, restriction, request).filter((e) => (!types || types.includes(e.type)) && matches(e));
  const wanted = paramNames && new Set(paramNames);
  const series: SelectedSeries[] = [];
  // Catalog series come by device and slot within an entity, so entities in name order give the answer order.
  for (const entity of sortEntities(entities)) {
    const catalog = snapshot.tenants.get(entity.tenant_id)!;
    const rows = withPast ? [...(catalog.seriesByEntity.get(entity.id) ?? []), ...(catalog.pastSeriesByEntity.get(entity.id) ?? [])] : (catalog.seriesByEntity.get(entity.id) ?? []);
    for (const row of rows) {
      if (wanted && !wanted.has(row.name)) continue;
      const tags = seriesTags(row, entity);
      if (request.considerTags && !matchesTags(tags, request.considerTags)) continue;
      series.push({ ...row, entity, tags });
    }
  }
  return series;
}

/** Whether an entity passes `entityFilter`: its name contains the text or its type is it, ignoring case. */
function entityMatcher(filter: string | undefined): (e: CatalogEntity) => boolean {
  const text = filter?.trim().toLowerCase();
  if (!text) return () => true;
  return (e) => e.name.toLowerCase().includes(text) || e.type.toLowerCase() === text;
}

/**
 * The entities a request reads, inside the snapshot's tenants: the requested roots (or each
 * tenant's roots) with, when asked, their ENABLED descendants, less those the restriction hides;
 * 404 for a requested root not among them.
 */
export function visibleScope(snapshot: CatalogSnapshot, restriction: EntityRestriction | null, request: SelectionRequest): CatalogEntity[] {
  const found = resolveScope(snapshot.tenants, request);
  // A user limited to some entities reads only those and their descendants; others answer 404.
  const scope = restriction === null ? found : found.filter((e) => entityVisible(restriction, e));
  assertRootsFound(scope, request.entityIds);
  return scope;
}

/** The roots (ENABLED, inside the tenants) and, when asked or without roots, their ENABLED descendants. */
export function resolveScope(tenants: ReadonlyMap<number, TenantCatalog>, request: SelectionRequest): CatalogEntity[] {
  const roots: CatalogEntity[] = [];
  if (request.entityIds) {
    for (const id of new Set(request.entityIds.map(String))) {
      // Entity ids are unique across tenants (one identity column).
      for (const t of tenants.values()) {
        const e = t.entities.get(id);
        if (e) {
          roots.push(e);
          break;
        }
      }
    }
  } else {
    for (const t of tenants.values()) for (const e of t.entities.values()) if (e.parent_id === null) roots.push(e);
  }
  if (request.entityIds && !request.includeDescendants) return roots;
  // A parent cycle written by hand ends at an entity already taken instead of looping.
  const seen = new Set<string>();
  const scope: CatalogEntity[] = [];
  const stack = [...roots];
  while (stack.length > 0) {
    const e = stack.pop()!;
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    scope.push(e);
    stack.push(...(tenants.get(e.tenant_id)!.children.get(e.id) ?? []));
  }
  return scope;
}

/** 404 for the first requested entity missing from the scope (another tenant's, deleted, or unknown). */
function assertRootsFound(scope: readonly CatalogEntity[], rootIds: readonly number[] | undefined): void {
  if (!rootIds) return;
  const found = new Set(scope.map((e) => e.id));
  const missing = rootIds.find((id) => !found.has(String(id)));
  if (missing !== undefined) throw notFound(`No Node with id= ${missing} exists`);
}

/** Entities by name (naturally), then id. */
export function sortEntities<E extends { id: string; name: string }>(entities: readonly E[]): E[] {
  return [...entities].sort((a, b) => compareNatural(a.name, b.name) || Number(a.id) - Number(b.id));
}

/** Refuses parameter names missing from the catalogue, naming the first (`body.request.params.<i>.name`). */
export function assertKnownParams(params: ParamCatalogue, names: readonly string[]): void {
  const unknown = names.findIndex((n) => !params.byName.has(n));
  if (unknown >= 0) throw badRequest(requestField(`params.${unknown}.name`), `unknown parameter '${names[unknown]}'; see /api/allMetaStdParams`);
}

/** A device's own tags, then the entity and device ids and names, which win over device tags of the same key. */
export function seriesTags(row: Pick<SeriesRow, 'device_tags' | 'device_id'>, entity: CatalogEntity): Record<string, string> {
  return {
    ...row.device_tags,
    entityId: entity.id,
    entityName: entity.name,
    entityType: entity.type,
    deviceId: row.device_id,
  };
}
