import { sql } from 'kysely';
import type { Auth } from '../access/auth.ts';
import type { Db } from '../db/database.ts';
import { entityRestriction, type EntityRestriction } from '../repositories/entity-restriction.ts';

/** An ENABLED entity inside the requested scope. */
export interface ScopeEntityRow {
  tenant_id: number;
  id: string;
  parent_id: string | null;
  type: string;
  name: string;
  last_data_at: Date | null;
}

/** One series: a parameter (slot) of a device in service, on an entity of the scope. */
export interface SeriesRow {
  tenant_id: number;
  entity_id: string;
  device_id: string;
  device_tags: Record<string, string>;
  slot: number;
  name: string;
  label: string;
  unit: string;
  metric_agg: string;
  downsample_agg: string;
}

/** The newest reading of a series. */
export interface LatestRow {
  device_id: string;
  slot: number;
  ts: Date;
  value: number;
}

/** Catalogue entry of a parameter a request names. */
export interface StdParamInfo {
  name: string;
  label: string;
  unit: string;
  metric_agg: string;
  downsample_agg: string;
}

export interface EntityScope {
  /** Tenants the caller may read, narrowed to the request's. */
  tenantIds: readonly number[];
  /** Requested entities, or null for every root entity of the tenants. */
  rootIds: readonly number[] | null;
  /** Include the ENABLED descendants of the roots. */
  includeDescendants: boolean;
}

/** The unit a device parameter reports in: its own when configured, else the catalogue's. */
const paramUnit = sql<string>`coalesce(${sql.ref('device_param.unit')}, ${sql.ref('std_param.unit')})`;

const SCOPE_COLUMNS = ['entity.tenant_id', 'entity.id', 'entity.parent_id', 'entity.type', 'entity.name', 'entity.last_data_at'] as const;

/** Resolves what a data request reads: entities of a scope, their series, and the catalogue. */
export class SeriesRepository {
  constructor(private readonly db: Db) {}

  /** The entities the caller is limited to, or null for all of its tenants'. */
  restriction(auth: Auth): Promise<EntityRestriction | null> {
    return entityRestriction(this.db, auth);
  }

  /** The roots (ENABLED, inside the tenants) and, when asked, their ENABLED descendants. */
  async findScope(scope: EntityScope): Promise<ScopeEntityRow[]> {
    if (scope.tenantIds.length === 0 || scope.rootIds?.length === 0) return [];
    if (!scope.includeDescendants && scope.rootIds !== null) {
      return this.db
        .selectFrom('entity')
        .select(SCOPE_COLUMNS)
        .where('entity.tenant_id', 'in', scope.tenantIds)
        .where('entity.status', '=', 'ENABLED')
        .where('entity.id', 'in', scope.rootIds.map(String))
        .execute();
    }
    const rootIds = scope.rootIds?.map(String) ?? null;
    return (
      this.db
        // UNION, not UNION ALL: a parent cycle written by hand ends the recursion instead of looping.
        .withRecursive('scope(tenant_id, id)', (db) =>
          db
            .selectFrom('entity')
            .select(['entity.tenant_id', 'entity.id'])
            .where('entity.tenant_id', 'in', scope.tenantIds)
            .where('entity.status', '=', 'ENABLED')
            .where((eb) => (rootIds === null ? eb('entity.parent_id', 'is', null) : eb('entity.id', 'in', rootIds)))
            .union(
              db
                .selectFrom('entity as c')
                .innerJoin('scope', (j) => j.onRef('c.tenant_id', '=', 'scope.tenant_id').onRef('c.parent_id', '=', 'scope.id'))
                .select(['c.tenant_id', 'c.id'])
                .where('c.status', '=', 'ENABLED'),
            ),
        )
        .selectFrom('entity')
        .innerJoin('scope', (j) => j.onRef('entity.tenant_id', '=', 'scope.tenant_id').onRef('entity.id', '=', 'scope.id'))
        .select(SCOPE_COLUMNS)
        .execute()
    );
  }

  /**
   * Series of devices in service on the entities, for the named parameters (all when null), in
   * device and slot order. Parameters removed from a device are left out.
   */
  async findSeries(tenantIds: readonly number[], entityIds: readonly string[], paramNames: readonly string[] | null): Promise<SeriesRow[]> {
    if (tenantIds.length === 0 || entityIds.length === 0 || paramNames?.length === 0) return [];
    return this.db
      .selectFrom('device')
      .innerJoin('device_param', (j) =>
        j.onRef('device_param.tenant_id', '=', 'device.tenant_id').onRef('device_param.device_id', '=', 'device.id'),
      )
      .innerJoin('std_param', 'std_param.id', 'device_param.std_param_id')
      .select([
        'device.tenant_id',
        'device.entity_id as entity_id',
        'device.id as device_id',
        'device.tags as device_tags',
        'device_param.slot',
        'std_param.name',
        'std_param.label',
        paramUnit.as('unit'),
        'std_param.metric_agg',
        'std_param.downsample_agg',
      ])
      .where('device.tenant_id', 'in', tenantIds)
      .where('device.entity_id', 'in', entityIds)
      .where('device.deleted_date', 'is', null)
      .where('device_param.deleted_date', 'is', null)
      .$if(paramNames !== null, (qb) => qb.where('std_param.name', 'in', paramNames!))
      .orderBy('device.id')
      .orderBy('device_param.slot')
      .execute() as Promise<SeriesRow[]>;
  }

  /** Catalogue entries of the named parameters, by name. */
  async findStdParams(names: readonly string[]): Promise<Map<string, StdParamInfo>> {
    if (names.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('std_param')
      .select(['name', 'label', 'unit', 'metric_agg', 'downsample_agg'])
      .where('name', 'in', names)
      .execute();
    return new Map(rows.map((r) => [r.name, r]));
  }

  /** Newest reading of every series of the devices, when it is not older than `since`. */
  async findLatest(tenantIds: readonly number[], deviceIds: readonly string[], since: Date): Promise<LatestRow[]> {
    if (tenantIds.length === 0 || deviceIds.length === 0) return [];
    return this.db
      .selectFrom('series_latest')
      .select(['device_id', 'slot', 'ts', 'value'])
      .where('tenant_id', 'in', tenantIds)
      .where('device_id', 'in', deviceIds)
      .where('ts', '>=', since)
      .execute();
  }
}
