import { sql } from 'kysely';
import { PooledRepository } from '../../platform/database/pooled-repository.ts';
import { ENTITY_ROWS } from '../entities/entities.queries.ts';

/** The newest reading of a series. */
export interface LatestValue {
  tenant_id: number;
  device_id: number;
  slot: number;
  /** Epoch milliseconds. */
  time: number;
  value: number;
}

/** A closed mount of a device's series on a station: the slots from `fromMs` (null: since ever) until `toMs`. */
export interface MountWindow {
  tenantId: number;
  deviceId: string;
  slot: number;
  fromMs: number | null;
  toMs: number;
}

/** When an entity last had data, in epoch milliseconds. */
export interface EntityDataTime {
  id: string;
  time: number;
}

// extract() is exact numeric on PostgreSQL 14 and later; floor drops microseconds as Date would.
const epochMs = (column: string) => sql`floor(extract(epoch FROM ${sql.ref(column)}) * 1000)::float8`;

/**
 * Recent values: series_latest, kept by the ingestion commit, and the entities' lastDataAt. Pooled
 * (see PooledRepository): the two hot statements run as named prepared statements; the rare read of
 * closed mounts (latestWithin) is planned for its values each time.
 */
export class RecentRepository extends PooledRepository {
  /**
   * The newest reading of every series of the tenants (of the devices, when given) not older than
   * `since`. They come packed as one JSON array of numbers, five per series (tenant, device, slot,
   * epoch ms, value), as trends do (trend.repository.ts): the catalog says what each series is, and
   * the driver's decoding of a thousand rows cost more than the query (1.6 ms of 2 for 200 stations).
   */
  async latestValues(tenantIds: readonly number[], deviceIds: readonly number[] | null, since: Date): Promise<LatestValue[]> {
    if (tenantIds.length === 0 || deviceIds?.length === 0) return [];
    const devices = deviceIds === null ? sql`` : sql`AND device_id = ANY(${deviceIds}::bigint[])`;
    const [row] = await this.prepared(
      sql<{ packed: string | null }>`
        SELECT '[' || string_agg(concat_ws(',', tenant_id, device_id, slot, ${epochMs('ts')}::int8, value), ',') || ']' AS packed
        FROM series_latest
        WHERE tenant_id = ANY(${tenantIds}::int[]) AND ts >= ${since} ${devices}`,
    );
    if (!row?.packed) return [];
    const v = JSON.parse(row.packed) as number[];
    const values = new Array<LatestValue>(v.length / 5);
    for (let i = 0, k = 0; i < v.length; i += 5, k++) {
      values[k] = { tenant_id: v[i]!, device_id: v[i + 1]!, slot: v[i + 2]!, time: v[i + 3]!, value: v[i + 4]! };
    }
    return values;
  }

  /**
   * Per closed mount, the newest reading of its series taken while the device served there
   * (from ≤ ts < to, and not before `since`): what a station shows of a device that has reported
   * elsewhere since, which series_latest no longer holds. Few rows: mounts closed within the
   * backscan whose device reported after.
   */
  async latestWithin(mounts: readonly MountWindow[], since: Date): Promise<LatestValue[]> {
    if (mounts.length === 0) return [];
    const column = <K extends keyof MountWindow>(key: K) => mounts.map((m) => m[key]);
    const { rows } = await sql<LatestValue>`
      SELECT m.tenant_id, m.device_id::float8 AS device_id, m.slot, ${epochMs('r.ts')} AS time, r.vals[m.slot] AS value
      FROM unnest(${column('tenantId')}::int[], ${column('deviceId')}::bigint[], ${column('slot')}::int[],
                  ${column('fromMs')}::float8[], ${column('toMs')}::float8[]) AS m(tenant_id, device_id, slot, from_ms, to_ms)
      CROSS JOIN LATERAL (
        SELECT r.ts, r.vals
        FROM enviro_readings(m.tenant_id, m.device_id, greatest(${since}::timestamptz, to_timestamp(m.from_ms / 1000)), to_timestamp(m.to_ms / 1000)) r
        WHERE r.vals[m.slot] IS NOT NULL
        ORDER BY r.ts DESC LIMIT 1
      ) r`.execute(this.db);
    return rows;
  }

  /** lastDataAt of the tenants' entities that have had data. */
  entityDataTimes(tenantIds: readonly number[]): Promise<EntityDataTime[]> {
    if (tenantIds.length === 0) return Promise.resolve([]);
    return this.prepared(
      sql<EntityDataTime>`
        SELECT id, ${epochMs('last_data_at')} AS time FROM ${ENTITY_ROWS} entity
        WHERE tenant_id = ANY(${tenantIds}::int[]) AND last_data_at IS NOT NULL`,
    );
  }
}
