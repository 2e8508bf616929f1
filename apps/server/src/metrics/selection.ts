import { compareNatural } from '@enviro/domain/natural-sort';
import { matchesTags, type TagFilter } from '@enviro/domain/tag-filter';
import { scopeTenantIds } from '../access/access.ts';
import type { Auth } from '../access/auth.ts';
import { badRequest, notFound } from '../errors.ts';
import { entityVisible } from '../repositories/entity-restriction.ts';
import type { EntityScope, ScopeEntityRow, SeriesRepository, SeriesRow } from './series.repository.ts';
import { requestField } from './time-window.ts';

/** The fields every data request uses to say which entities it reads. */
export interface SelectionRequest {
  entityIds?: readonly number[] | undefined;
  tenantIds?: readonly number[] | undefined;
  includeDescendants: boolean;
  entityTypeFilter?: readonly string[] | undefined;
  considerTags?: TagFilter | undefined;
}

/** A series with its entity and tags, in answer order. */
export interface SelectedSeries extends SeriesRow {
  entity: ScopeEntityRow;
  tags: Record<string, string>;
}

export interface Selection {
  /** Tenants read: the caller's, narrowed to the request's. */
  tenantIds: number[];
  /** Every entity of the scope (roots and, when asked, descendants), before the type filter. */
  scope: ScopeEntityRow[];
  /** Series of the scope's entities passing the type and tag filters, by entity name, device, slot. */
  series: SelectedSeries[];
}

/**
 * Resolves entityIds (or, without them, every entity of the requested or the caller's tenants) to
 * series, inside the caller's tenants. An entity outside them, or deleted, answers 404 without
 * telling which.
 */
export async function selectSeries(
  repo: SeriesRepository,
  auth: Auth,
  request: SelectionRequest,
  paramNames: readonly string[] | null,
): Promise<Selection> {
  const tenantIds = scopeTenantIds(auth, request.tenantIds);
  const [found, restriction] = await Promise.all([repo.findScope(entityScope(tenantIds, request)), repo.restriction(auth)]);
  // A user limited to some entities reads only those and their descendants; others answer 404.
  const scope = restriction === null ? found : found.filter((e) => entityVisible(restriction, e));
  assertRootsFound(scope, request.entityIds);
  const types = request.entityTypeFilter;
  const entityIds = scope.filter((e) => !types || types.includes(e.type)).map((e) => e.id);
  const rows = await repo.findSeries(tenantIds, entityIds, paramNames);
  return selectionOf(tenantIds, scope, rows, request);
}

/** Which entities a request reads: the requested ones (with descendants when asked) or every root's tree. */
export function entityScope(tenantIds: readonly number[], request: SelectionRequest): EntityScope {
  const rootIds = request.entityIds ?? null;
  return { tenantIds, rootIds, includeDescendants: rootIds === null || request.includeDescendants };
}

/** 404 for the first requested entity missing from the scope (another tenant's, deleted, or unknown). */
export function assertRootsFound(scope: readonly ScopeEntityRow[], rootIds: readonly number[] | undefined): void {
  if (!rootIds) return;
  const found = new Set(scope.map((e) => e.id));
  const missing = rootIds.find((id) => !found.has(String(id)));
  if (missing !== undefined) throw notFound(`No Node with id= ${missing} exists`);
}

/**
 * The series of a scope's entities passing the type and tag filters, each with its entity and tags,
 * by entity name (naturally), entity id, device and slot. `rows` may hold series of any entity of
 * the scope; those of filtered-out entities are left out.
 */
function selectionOf(tenantIds: number[], scope: ScopeEntityRow[], rows: readonly SeriesRow[], request: SelectionRequest): Selection {
  const types = request.entityTypeFilter;
  const entities = new Map(scope.filter((e) => !types || types.includes(e.type)).map((e) => [e.id, e]));
  // Rank entities once; comparing names per series pair would cost a collation each time.
  const rank = new Map(sortEntities([...entities.values()]).map((e, i) => [e.id, i]));
  const series: SelectedSeries[] = [];
  for (const row of rows) {
    const entity = entities.get(row.entity_id);
    if (!entity) continue;
    const tags = seriesTags(row, entity);
    if (request.considerTags && !matchesTags(tags, request.considerTags)) continue;
    series.push({ ...row, entity, tags });
  }
  series.sort(
    (a, b) =>
      rank.get(a.entity.id)! - rank.get(b.entity.id)! || Number(a.device_id) - Number(b.device_id) || a.slot - b.slot,
  );
  return { tenantIds, scope, series };
}

/** Entities by name (naturally), then id. */
export function sortEntities<E extends { id: string; name: string }>(entities: readonly E[]): E[] {
  return [...entities].sort((a, b) => compareNatural(a.name, b.name) || Number(a.id) - Number(b.id));
}

/** Refuses parameter names missing from the catalogue, naming the first (`body.request.params.<i>.name`). */
export async function assertKnownParams(repo: SeriesRepository, names: readonly string[]): Promise<void> {
  const catalogue = await repo.findStdParams([...new Set(names)]);
  const unknown = names.findIndex((n) => !catalogue.has(n));
  if (unknown >= 0) throw badRequest(requestField(`params.${unknown}.name`), `unknown parameter '${names[unknown]}'; see /api/allMetaStdParams`);
}

/** A device's own tags, then the entity and device ids and names, which win over device tags of the same key. */
export function seriesTags(row: Pick<SeriesRow, 'device_tags' | 'device_id'>, entity: ScopeEntityRow): Record<string, string> {
  return {
    ...row.device_tags,
    entityId: entity.id,
    entityName: entity.name,
    entityType: entity.type,
    deviceId: row.device_id,
  };
}
