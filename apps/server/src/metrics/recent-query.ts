import { sql } from 'kysely';
import { runPrepared, type PreparedHandle } from '../db/prepared.ts';
import type { EntityScope, ScopeEntityRow } from './series.repository.ts';

/** A series of the scope with its newest reading. */
export interface LatestValueRow {
  entity_id: string;
  device_id: string;
  device_tags: Record<string, string>;
  slot: number;
  name: string;
  label: string;
  unit: string;
  /** Epoch milliseconds of the newest reading. */
  time: number;
  value: number;
}

export interface RecentRows {
  /** Every ENABLED entity of the scope. */
  scope: ScopeEntityRow[];
  /** Series of the scope's devices in service whose newest reading is not older than `since`. */
  series: LatestValueRow[];
}

interface Row {
  tenant_id: number;
  id: string;
  parent_id: string | null;
  type: string;
  name: string;
  last_data_ms: number | null;
  device_id: string | null;
  device_tags: Record<string, string> | null;
  slot: number | null;
  param_name: string | null;
  label: string | null;
  unit: string | null;
  time: number | null;
  value: number | null;
}

/**
 * The entities of a scope with the newest values of their series, in one statement: recent values
 * are asked for every station of a tenant at once, and four round trips cost more than the query.
 * Each entity comes once with no series columns when none of its series has a recent value. Times
 * come as epoch milliseconds: parsing a thousand timestamp strings cost more than the query.
 */
export async function readRecent(handle: PreparedHandle, scope: EntityScope, paramNames: readonly string[] | null, since: Date): Promise<RecentRows> {
  if (scope.tenantIds.length === 0 || scope.rootIds?.length === 0 || paramNames?.length === 0) return { scope: [], series: [] };
  const tenantIds = sql`${scope.tenantIds}::int[]`;
  const roots = scope.rootIds === null ? sql`e.parent_id IS NULL` : sql`e.id = ANY(${scope.rootIds.map(String)}::bigint[])`;
  // UNION, not UNION ALL: a parent cycle written by hand ends the recursion instead of looping.
  const descendants = scope.includeDescendants
    ? sql`UNION
      SELECT c.tenant_id, c.id FROM entity c JOIN scope ON c.tenant_id = scope.tenant_id AND c.parent_id = scope.id
      WHERE c.status = 'ENABLED'`
    : sql``;
  const params = paramNames === null ? sql`` : sql`AND sp.name = ANY(${paramNames}::text[])`;
  // extract() is exact numeric on PostgreSQL 14 and later; floor drops microseconds as Date would.
  const ms = (column: ReturnType<typeof sql.ref>) => sql`floor(extract(epoch FROM ${column}) * 1000)::float8`;

  const rows = await runPrepared(handle, sql<Row>`
    WITH RECURSIVE scope(tenant_id, id) AS (
      SELECT e.tenant_id, e.id FROM entity e
      WHERE e.tenant_id = ANY(${tenantIds}) AND e.status = 'ENABLED' AND ${roots}
      ${descendants}
    )
    SELECT e.tenant_id, e.id, e.parent_id, e.type, e.name, ${ms(sql.ref('e.last_data_at'))} AS last_data_ms,
           x.device_id, x.device_tags, x.slot, x.param_name, x.label, x.unit, x.time, x.value
    FROM scope
    JOIN entity e ON e.tenant_id = scope.tenant_id AND e.id = scope.id
    LEFT JOIN LATERAL (
      SELECT d.id AS device_id, d.tags AS device_tags, dp.slot, sp.name AS param_name, sp.label,
             coalesce(dp.unit, sp.unit) AS unit, ${ms(sql.ref('l.ts'))} AS time, l.value
      FROM device d
      JOIN device_param dp ON dp.tenant_id = d.tenant_id AND dp.device_id = d.id AND dp.deleted_date IS NULL
      JOIN std_param sp ON sp.id = dp.std_param_id
      JOIN series_latest l ON l.tenant_id = d.tenant_id AND l.device_id = d.id AND l.slot = dp.slot
      WHERE d.tenant_id = e.tenant_id AND d.entity_id = e.id AND d.deleted_date IS NULL
        AND l.ts >= ${since} ${params}
    ) x ON true`);

  const entities = new Map<string, ScopeEntityRow>();
  const series: LatestValueRow[] = [];
  for (const r of rows) {
    if (!entities.has(r.id)) {
      const lastDataAt = r.last_data_ms === null ? null : new Date(r.last_data_ms);
      entities.set(r.id, { tenant_id: r.tenant_id, id: r.id, parent_id: r.parent_id, type: r.type, name: r.name, last_data_at: lastDataAt });
    }
    if (r.device_id === null) continue;
    series.push({
      entity_id: r.id,
      device_id: r.device_id,
      device_tags: r.device_tags ?? {},
      slot: r.slot!,
      name: r.param_name!,
      label: r.label!,
      unit: r.unit!,
      time: r.time!,
      value: r.value!,
    });
  }
  return { scope: [...entities.values()], series };
}
