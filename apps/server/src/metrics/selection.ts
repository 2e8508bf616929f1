import { compareNatural } from '@enviro/domain/natural-sort';
import { matchesTags, type TagFilter } from '@enviro/domain/tag-filter';
import { scopeTenantIds } from '../access/access.ts';
import type { Auth } from '../access/auth.ts';
import { badRequest, notFound } from '../errors.ts';
import { entityVisible } from '../repositories/entity-restriction.ts';
import type { ScopeEntityRow, SeriesRepository, SeriesRow } from './series.repository.ts';
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
  const rootIds = request.entityIds ?? null;
  const [found, restriction] = await Promise.all([
    repo.findScope({ tenantIds, rootIds, includeDescendants: rootIds === null || request.includeDescendants }),
    repo.restriction(auth),
  ]);
  // A user limited to some entities reads only those and their descendants; others answer 404.
  const scope = restriction === null ? found : found.filter((e) => entityVisible(restriction, e));
  const missing = rootIds?.find((id) => !scope.some((e) => e.id === String(id)));
  if (missing !== undefined) throw notFound(`No Node with id= ${missing} exists`);

  const types = request.entityTypeFilter;
  const entities = new Map(scope.filter((e) => !types || types.includes(e.type)).map((e) => [e.id, e]));
  const rows = await repo.findSeries(tenantIds, [...entities.keys()], paramNames);
  const series = rows
    .map((row) => {
      const entity = entities.get(row.entity_id)!;
      return { ...row, entity, tags: seriesTags(row, entity) };
    })
    .filter((s) => !request.considerTags || matchesTags(s.tags, request.considerTags))
    .sort(
      (a, b) =>
        compareNatural(a.entity.name, b.entity.name) ||
        Number(a.entity.id) - Number(b.entity.id) ||
        Number(a.device_id) - Number(b.device_id) ||
        a.slot - b.slot,
    );
  return { tenantIds, scope, series };
}

/** Refuses parameter names missing from the catalogue, naming the first (`body.request.params.<i>.name`). */
export async function assertKnownParams(repo: SeriesRepository, names: readonly string[]): Promise<void> {
  const catalogue = await repo.findStdParams([...new Set(names)]);
  const unknown = names.findIndex((n) => !catalogue.has(n));
  if (unknown >= 0) throw badRequest(requestField(`params.${unknown}.name`), `unknown parameter '${names[unknown]}'; see /api/allMetaStdParams`);
}

/** A device's own tags, then the entity and device ids and names, which win over device tags of the same key. */
function seriesTags(row: SeriesRow, entity: ScopeEntityRow): Record<string, string> {
  return {
    ...row.device_tags,
    entityId: entity.id,
    entityName: entity.name,
    entityType: entity.type,
    deviceId: row.device_id,
  };
}
