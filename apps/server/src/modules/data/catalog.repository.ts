import { groupBy } from '@enviro/domain/group-by';
import type pg from 'pg';
import type { CatalogEntity, ParamCatalogue, SeriesRow, StdParamInfo, TenantCatalog } from './catalog.ts';
import { seriesKey } from './catalog.ts';

export interface LoadedCatalogs {
  tenants: TenantCatalog[];
  /** The shared catalogue, when asked for. */
  params: ParamCatalogue | null;
}

const VERSIONS = `SELECT tenant_id, version::text AS version FROM catalog_version WHERE tenant_id = ANY($1::int[])`;

const ENTITIES = `
SELECT tenant_id, id, parent_id, type, name FROM entity
WHERE tenant_id = ANY($1::int[]) AND status = 'ENABLED'`;

const SERIES = `
SELECT d.tenant_id, d.entity_id, d.id AS device_id, d.tags AS device_tags, dp.slot, sp.name, sp.label,
       coalesce(dp.unit, sp.unit) AS unit, sp.metric_agg, sp.downsample_agg
FROM device d
JOIN device_param dp ON dp.tenant_id = d.tenant_id AND dp.device_id = d.id AND dp.deleted_date IS NULL
JOIN std_param sp ON sp.id = dp.std_param_id
WHERE d.tenant_id = ANY($1::int[]) AND d.deleted_date IS NULL AND d.entity_id IS NOT NULL
ORDER BY d.tenant_id, d.id, dp.slot`;

const PARAMS = `SELECT name, label, unit, metric_agg, downsample_agg FROM std_param`;

/**
 * The catalogs of the tenants (and the shared catalogue when `withParams`), read in one
 * repeatable-read transaction so that each carries the version its contents were read at.
 */
export async function loadCatalogs(pool: pg.Pool, tenantIds: readonly number[], withParams: boolean): Promise<LoadedCatalogs> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const versions = await client.query<{ tenant_id: number; version: string }>(VERSIONS, [[0, ...tenantIds]]);
    const entities = tenantIds.length > 0 ? (await client.query<CatalogEntity>(ENTITIES, [tenantIds])).rows : [];
    const series = tenantIds.length > 0 ? (await client.query<SeriesRow>(SERIES, [tenantIds])).rows : [];
    const params = withParams ? (await client.query<StdParamInfo>(PARAMS)).rows : null;
    await client.query('COMMIT');

    const version = new Map(versions.rows.map((r) => [r.tenant_id, r.version]));
    const sharedVersion = version.get(0) ?? null;
    const entitiesOf = groupBy(entities, (e) => e.tenant_id);
    const seriesOf = groupBy(series, (s) => s.tenant_id);
    return {
      tenants: tenantIds.map((id) => tenantCatalog(id, version.get(id) ?? null, sharedVersion, entitiesOf.get(id) ?? [], seriesOf.get(id) ?? [])),
      params: params && { version: sharedVersion, byName: new Map(params.map((p) => [p.name, p])) },
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function tenantCatalog(
  tenantId: number,
  version: string | null,
  sharedVersion: string | null,
  entityRows: readonly CatalogEntity[],
  seriesRows: readonly SeriesRow[],
): TenantCatalog {
  return {
    tenantId,
    version,
    sharedVersion,
    entities: new Map(entityRows.map((e) => [e.id, e])),
    children: groupBy(
      entityRows.filter((e) => e.parent_id !== null),
      (e) => e.parent_id!,
    ),
    seriesByEntity: groupBy(seriesRows, (s) => s.entity_id),
    seriesByKey: new Map(seriesRows.map((s) => [seriesKey(Number(s.device_id), s.slot), s])),
  };
}
