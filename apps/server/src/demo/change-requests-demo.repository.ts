import { sql } from 'kysely';
import { Repository } from '../platform/database/repository.ts';

/** What the demo's change requests are made of: the demo users who raise and decide them, and a station with a limited parameter. */
export class ChangeRequestsDemoRepository extends Repository {
  async user(userName: string): Promise<{ id: number; tenantId: number } | undefined> {
    const { rows } = await sql<{ id: number; tenant_id: number }>`SELECT id::int, tenant_id FROM app_user WHERE user_name = ${userName}`.execute(this.db);
    return rows[0] && { id: rows[0].id, tenantId: rows[0].tenant_id };
  }

  /** The industry's stations with a device reporting a parameter with an upper limit, first by id: station, device, parameter key. */
  async limitedStations(tenantId: number): Promise<{ stationId: number; deviceId: number; param: string }[]> {
    const { rows } = await sql<{ station_id: number; device_id: number; param: string }>`
      SELECT DISTINCT ON (d.entity_id) d.entity_id::int AS station_id, d.id::int AS device_id, sp.name AS param
      FROM device d
      JOIN param_limit l ON l.tenant_id = d.tenant_id AND l.device_id = d.id AND l.max_value > 0
      JOIN device_param dp ON dp.tenant_id = l.tenant_id AND dp.device_id = l.device_id AND dp.slot = l.slot
      JOIN std_param sp ON sp.id = dp.std_param_id AND sp.name NOT LIKE 'device\\_%'
      WHERE d.tenant_id = ${tenantId} AND d.entity_id IS NOT NULL AND d.deleted_date IS NULL
      ORDER BY d.entity_id, d.id, l.slot`.execute(this.db);
    return rows.map((r) => ({ stationId: r.station_id, deviceId: r.device_id, param: r.param }));
  }
}
