import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { quartersOf } from '../data/readings.queries.ts';
import { DEVICE_ROWS } from '../devices/devices.queries.ts';
import { TENANT_ROWS } from '../tenants/tenants.queries.ts';

/** One device's IST day of a station, as the quality worker summed it. */
export interface StationDeviceDay {
  tenant_id: number;
  station_id: string;
  day: string;
  slots: number;
  counted: number;
  credit: number;
  states: Record<string, number>;
  fired: Record<string, number>;
}

/** A flagged slot of a station's series, with its 15-minute average. */
export interface FlagRow {
  device_id: string;
  name: string;
  label: string;
  at: string;
  state: string;
  detectors: string[];
  value: number | null;
}

/** Reads of the data-quality tables (130_data_quality.sql) for the overview and a station's page. */
export class DataQualityRepository extends Repository {
  /** The stations' devices' days in [fromDay, toDay] (days inclusive), through each device's station now. */
  async stationDays(tenantIds: readonly number[], stationIds: readonly string[], fromDay: string, toDay: string): Promise<StationDeviceDay[]> {
    if (stationIds.length === 0) return [];
    const { rows } = await sql<StationDeviceDay>`
      SELECT q.tenant_id, d.entity_id::text AS station_id, q.day::text AS day, q.slots, q.counted, q.credit, q.states, q.fired
      FROM quality_device_day q
      JOIN ${DEVICE_ROWS} d ON d.tenant_id = q.tenant_id AND d.id = q.device_id
      WHERE q.tenant_id = ANY(${sql.val(tenantIds)}::int[]) AND d.entity_id = ANY(${sql.val(stationIds)}::bigint[])
        AND q.day BETWEEN ${fromDay}::date AND ${toDay}::date`.execute(this.db);
    return rows;
  }

  /** The slots of the station's devices in [from, to) that are not valid, oldest first. */
  async flags(tenantId: number, stationId: string, from: Date, to: Date): Promise<FlagRow[]> {
    const { rows } = await sql<FlagRow>`
      SELECT q.device_id::text, sp.name, sp.label, (extract(epoch FROM q.bucket) * 1000)::bigint::text AS at, q.state, q.detectors,
             r.sum / nullif(r.n, 0) AS value
      FROM slot_quality q
      JOIN ${DEVICE_ROWS} d ON d.tenant_id = q.tenant_id AND d.id = q.device_id
      JOIN device_param dp ON dp.tenant_id = q.tenant_id AND dp.device_id = q.device_id AND dp.slot = q.slot
      JOIN std_param sp ON sp.id = dp.std_param_id
      LEFT JOIN LATERAL ${quartersOf(sql`q.tenant_id`, sql`q.device_id`, sql`q.bucket`, sql`q.bucket + interval '15 minutes'`, sql`q.slot`)} r ON true
      WHERE q.tenant_id = ${tenantId} AND d.entity_id = ${stationId}::bigint AND q.bucket >= ${from} AND q.bucket < ${to}
      ORDER BY q.bucket, q.device_id, q.slot`.execute(this.db);
    return rows;
  }

  /** The devices' slots in [from, to) that are not valid, with their parameter's standard name. */
  async deviceFlags(tenantIds: readonly number[], deviceIds: readonly string[], from: Date, to: Date): Promise<{ device_id: string; slot: number; name: string; at: string; state: string; detectors: string[] }[]> {
    if (deviceIds.length === 0 || tenantIds.length === 0) return [];
    const { rows } = await sql<{ device_id: string; slot: number; name: string; at: string; state: string; detectors: string[] }>`
      SELECT q.device_id::text, q.slot, sp.name, (extract(epoch FROM q.bucket) * 1000)::bigint::text AS at, q.state, q.detectors
      FROM slot_quality q
      JOIN device_param dp ON dp.tenant_id = q.tenant_id AND dp.device_id = q.device_id AND dp.slot = q.slot
      JOIN std_param sp ON sp.id = dp.std_param_id
      WHERE q.tenant_id = ANY(${sql.val(tenantIds)}::int[]) AND q.device_id = ANY(${sql.val(deviceIds)}::bigint[]) AND q.bucket >= ${from} AND q.bucket < ${to}
      ORDER BY q.bucket, q.device_id, q.slot`.execute(this.db);
    return rows;
  }

  async tenantNames(tenantIds: readonly number[]): Promise<Map<number, string>> {
    if (tenantIds.length === 0) return new Map();
    const { rows } = await sql<{ id: number; name: string }>`SELECT id, name FROM ${TENANT_ROWS} t WHERE t.id = ANY(${sql.val(tenantIds)}::int[])`.execute(this.db);
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
