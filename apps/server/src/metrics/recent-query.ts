import { sql } from 'kysely';
import { runPrepared, type PreparedHandle } from '../db/prepared.ts';

/** The newest reading of a series. */
export interface LatestValue {
  tenant_id: number;
  device_id: number;
  slot: number;
  /** Epoch milliseconds. */
  time: number;
  value: number;
}

/** When an entity last had data, in epoch milliseconds. */
export interface EntityDataTime {
  id: string;
  time: number;
}

// extract() is exact numeric on PostgreSQL 14 and later; floor drops microseconds as Date would.
const epochMs = (column: string) => sql`floor(extract(epoch FROM ${sql.ref(column)}) * 1000)::float8`;

/**
 * The newest reading of every series of the tenants (of the devices, when given) not older than
 * `since`. They come packed in one text value, `tenant,device,slot,ms,value,...`: the catalog
 * says what each series is, and the driver's parsing of a thousand rows cost more than the query
 * (1.6 ms of 2 for 200 stations). PostgreSQL writes float8 in its shortest exact form.
 */
export async function readLatestValues(
  handle: PreparedHandle,
  tenantIds: readonly number[],
  deviceIds: readonly number[] | null,
  since: Date,
): Promise<LatestValue[]> {
  if (tenantIds.length === 0 || deviceIds?.length === 0) return [];
  const devices = deviceIds === null ? sql`` : sql`AND device_id = ANY(${deviceIds}::bigint[])`;
  const [row] = await runPrepared(
    handle,
    sql<{ packed: string | null }>`
      SELECT string_agg(concat_ws(',', tenant_id, device_id, slot, ${epochMs('ts')}::int8, value), ',') AS packed
      FROM series_latest
      WHERE tenant_id = ANY(${tenantIds}::int[]) AND ts >= ${since} ${devices}`,
  );
  if (!row?.packed) return [];
  const fields = row.packed.split(',');
  const values: LatestValue[] = new Array(fields.length / 5);
  for (let i = 0, j = 0; i < fields.length; i += 5, j++) {
    values[j] = { tenant_id: +fields[i]!, device_id: +fields[i + 1]!, slot: +fields[i + 2]!, time: +fields[i + 3]!, value: +fields[i + 4]! };
  }
  return values;
}

/** lastDataAt of the tenants' entities that have had data. */
export function readEntityDataTimes(handle: PreparedHandle, tenantIds: readonly number[]): Promise<EntityDataTime[]> {
  if (tenantIds.length === 0) return Promise.resolve([]);
  return runPrepared(
    handle,
    sql<EntityDataTime>`
      SELECT id, ${epochMs('last_data_at')} AS time FROM entity
      WHERE tenant_id = ANY(${tenantIds}::int[]) AND last_data_at IS NOT NULL`,
  );
}
