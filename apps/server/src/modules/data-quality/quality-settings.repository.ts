import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { DEVICE_ROWS } from '../devices/devices.queries.ts';

/** A parameter of a station's device in service, with its own detector settings if it has them. */
export interface ParamSettingRow {
  device_id: string;
  device_name: string;
  slot: number;
  name: string;
  label: string;
  unit: string | null;
  settings: unknown;
  updated_at: Date | null;
}

/** Detector settings per device parameter (quality_setting, migration 211). */
export class QualitySettingsRepository extends Repository {
  /** The parameters of the station's devices in service, in device and slot order. */
  async stationParams(tenantId: number, stationId: string): Promise<ParamSettingRow[]> {
    const { rows } = await sql<ParamSettingRow>`
      SELECT d.id::text AS device_id, d.name AS device_name, dp.slot, sp.name, sp.label, coalesce(nullif(dp.unit, ''), nullif(sp.unit, '')) AS unit,
             s.settings, s.updated_at
      FROM ${DEVICE_ROWS} d
      JOIN device_param dp ON dp.tenant_id = d.tenant_id AND dp.device_id = d.id AND dp.deleted_date IS NULL
      JOIN std_param sp ON sp.id = dp.std_param_id
      LEFT JOIN quality_setting s ON s.tenant_id = dp.tenant_id AND s.device_id = dp.device_id AND s.slot = dp.slot
      WHERE d.tenant_id = ${tenantId} AND d.entity_id = ${stationId}::bigint AND d.deleted_date IS NULL
      ORDER BY d.id, dp.slot`.execute(this.db);
    return rows;
  }

  /** The device's own settings by slot (the worker applies them over the defaults). */
  async ofDevice(tenantId: number, deviceId: string): Promise<Map<number, unknown>> {
    const { rows } = await sql<{ slot: number; settings: unknown }>`
      SELECT slot, settings FROM quality_setting WHERE tenant_id = ${tenantId} AND device_id = ${deviceId}::bigint`.execute(this.db);
    return new Map(rows.map((r) => [r.slot, r.settings]));
  }

  /** Writes (or with null, removes) one parameter's settings; answers what was there. */
  async save(tenantId: number, deviceId: string, slot: number, settings: unknown, userId: number): Promise<unknown> {
    const { rows } = await sql<{ settings: unknown }>`
      SELECT settings FROM quality_setting WHERE tenant_id = ${tenantId} AND device_id = ${deviceId}::bigint AND slot = ${slot} FOR UPDATE`.execute(this.db);
    if (settings === null) {
      await sql`DELETE FROM quality_setting WHERE tenant_id = ${tenantId} AND device_id = ${deviceId}::bigint AND slot = ${slot}`.execute(this.db);
    } else {
      await sql`
        INSERT INTO quality_setting (tenant_id, device_id, slot, settings, updated_by, updated_at)
        VALUES (${tenantId}, ${deviceId}::bigint, ${slot}, ${JSON.stringify(settings)}::jsonb, ${userId}, now())
        ON CONFLICT (tenant_id, device_id, slot) DO UPDATE SET settings = excluded.settings, updated_by = excluded.updated_by, updated_at = now()`.execute(this.db);
    }
    return rows[0]?.settings ?? null;
  }
}
