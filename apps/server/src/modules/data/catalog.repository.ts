import { groupBy } from '@enviro/domain/group-by';
import { sql, type RawBuilder } from 'kysely';
import { PooledRepository } from '../../platform/database/pooled-repository.ts';
import { DEVICE_ROWS, isInServiceSql } from '../devices/devices.queries.ts';
import { ENTITY_ROWS } from '../entities/entities.queries.ts';
import type { CatalogEntity, ParamCatalogue, SeriesRow, StdParamInfo, TenantCatalog } from './catalog.ts';
import { seriesKey } from './catalog.ts';

export interface LoadedCatalogs {
  tenants: TenantCatalog[];
  /** The shared catalogue, when asked for. */
  params: ParamCatalogue | null;
}

/** The catalog_version row of the shared parameter catalogue (migration 016). */
export const SHARED_CATALOG = 0;

const catalogEntities = (tenantIds: readonly number[]) => sql<CatalogEntity>`
SELECT tenant_id, id, parent_id, type, name FROM ${ENTITY_ROWS} entity
WHERE tenant_id = ANY(${tenantIds}::int[]) AND status = 'ENABLED'`;

// The series of devices in service: on the station each is mounted on now (device.entity_id), from
// the slot of its mount (none for a mount from the beginning of time), and on the stations it served
// before, for the slots of those mounts (device_mount, closed; the 15-minute grid).
const catalogSeries = (tenantIds: readonly number[]) => sql<SeriesRow>`
SELECT d.tenant_id, d.entity_id, d.id AS device_id, d.tags AS device_tags, dp.slot, sp.name, sp.label,
       coalesce(dp.unit, sp.unit) AS unit, sp.metric_agg, sp.downsample_agg,
       CASE WHEN isfinite(m.mounted_at) THEN (extract(epoch FROM enviro_bucket15(m.mounted_at)) * 1000)::float8 END AS from_ms,
       NULL::float8 AS to_ms
FROM ${DEVICE_ROWS} d
LEFT JOIN device_mount m ON m.tenant_id = d.tenant_id AND m.device_id = d.id AND m.unmounted_at IS NULL AND m.entity_id = d.entity_id
JOIN device_param dp ON dp.tenant_id = d.tenant_id AND dp.device_id = d.id AND dp.deleted_date IS NULL
JOIN std_param sp ON sp.id = dp.std_param_id
WHERE d.tenant_id = ANY(${tenantIds}::int[]) AND ${isInServiceSql('d')} AND d.entity_id IS NOT NULL
UNION ALL
SELECT d.tenant_id, m.entity_id, d.id, d.tags, dp.slot, sp.name, sp.label,
       coalesce(dp.unit, sp.unit), sp.metric_agg, sp.downsample_agg,
       CASE WHEN isfinite(m.mounted_at) THEN (extract(epoch FROM enviro_bucket15(m.mounted_at)) * 1000)::float8 END,
       (extract(epoch FROM enviro_bucket15(m.unmounted_at)) * 1000)::float8
FROM device_mount m
JOIN ${DEVICE_ROWS} d ON d.tenant_id = m.tenant_id AND d.id = m.device_id
JOIN device_param dp ON dp.tenant_id = d.tenant_id AND dp.device_id = d.id AND dp.deleted_date IS NULL
JOIN std_param sp ON sp.id = dp.std_param_id
WHERE m.tenant_id = ANY(${tenantIds}::int[]) AND ${isInServiceSql('d')} AND m.unmounted_at IS NOT NULL
  AND (NOT isfinite(m.mounted_at) OR enviro_bucket15(m.unmounted_at) > enviro_bucket15(m.mounted_at))
ORDER BY 1, 3, 5`;

const PARAMS = `SELECT name, label, unit, metric_agg, downsample_agg FROM std_param`;

const versionsOf = (tenantIds: readonly number[]) => sql<{ tenant_id: number; version: string }>`
  SELECT tenant_id, version::text AS version FROM catalog_version WHERE tenant_id = ANY(${[SHARED_CATALOG, ...tenantIds]}::int[])`;

/**
 * The tenant catalogs of data requests (entity tree, series, shared parameter catalogue) and their
 * catalog_version. Pooled (see PooledRepository): every data request reads the versions as a named
 * prepared statement, and a load reads on one connection in one repeatable-read transaction, so that
 * each catalog carries the version its contents were read at.
 */
export class CatalogRepository extends PooledRepository {
  /** catalog_version of the tenants and of the shared catalogue ({@link SHARED_CATALOG}); a tenant without a row is left out. */
  versions(tenantIds: readonly number[]): Promise<{ tenant_id: number; version: string }[]> {
    return this.prepared(versionsOf(tenantIds));
  }

  /** The catalogs of the tenants, and the shared catalogue when `withParams`, as of one snapshot. */
  async load(tenantIds: readonly number[], withParams: boolean): Promise<LoadedCatalogs> {
    const client = await this.pool.connect();
    try {
      const rows = async <R>(query: RawBuilder<R>): Promise<R[]> => {
        const compiled = query.compile(this.db);
        return (await client.query(compiled.sql, [...compiled.parameters])).rows as R[];
      };
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const versions = await rows(versionsOf(tenantIds));
      const entities = tenantIds.length > 0 ? await rows(catalogEntities(tenantIds)) : [];
      const series = tenantIds.length > 0 ? await rows(catalogSeries(tenantIds)) : [];
      const params = withParams ? (await client.query<StdParamInfo>(PARAMS)).rows : null;
      await client.query('COMMIT');

      const version = new Map(versions.map((r) => [r.tenant_id, r.version]));
      const sharedVersion = version.get(SHARED_CATALOG) ?? null;
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
}

function tenantCatalog(
  tenantId: number,
  version: string | null,
  sharedVersion: string | null,
  entityRows: readonly CatalogEntity[],
  seriesRows: readonly SeriesRow[],
): TenantCatalog {
  const current = seriesRows.filter((s) => s.to_ms === null);
  const past = seriesRows.filter((s) => s.to_ms !== null);
  return {
    tenantId,
    version,
    sharedVersion,
    entities: new Map(entityRows.map((e) => [e.id, e])),
    children: groupBy(
      entityRows.filter((e) => e.parent_id !== null),
      (e) => e.parent_id!,
    ),
    seriesByEntity: groupBy(current, (s) => s.entity_id),
    pastSeriesByEntity: groupBy(past, (s) => s.entity_id),
    seriesByKey: new Map(current.map((s) => [seriesKey(Number(s.device_id), s.slot), s])),
    pastSeriesByKey: groupBy(past, (s) => seriesKey(Number(s.device_id), s.slot)),
  };
}
