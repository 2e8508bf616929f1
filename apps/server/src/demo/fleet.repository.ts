import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { CONTAINER_TYPES } from '../platform/database/entity-types.ts';
import { Repository } from '../platform/database/repository.ts';

/** The demo's fleet extras: licences with room to add stations, a gateway and a device in stock. */
export class DemoFleetRepository extends Repository {
  /** Licences every station type the industries use, with two stations to spare. */
  async licenceWithRoom(tenantIds: readonly number[]): Promise<void> {
    if (tenantIds.length === 0) return;
    await sql`
      INSERT INTO license_count (tenant_id, station_type, licensed)
      SELECT tenant_id, type, count(*)::int + 2 FROM entity
      WHERE tenant_id = ANY(${[...tenantIds]}::int[]) AND status = 'ENABLED' AND type NOT IN ('group', 'facility')
      GROUP BY tenant_id, type
      ON CONFLICT (tenant_id, station_type) DO NOTHING`.execute(this.db);
  }

  /** Sets every ENABLED station of the tenants to `status`; answers them (tenant, id, type, name). */
  async setWorkingStatus(tenantIds: readonly number[], status: string): Promise<{ tenant_id: number; id: string; type: string; name: string }[]> {
    if (tenantIds.length === 0) return [];
    return this.db
      .updateTable('entity')
      .set({ working_status: status })
      .where('tenant_id', 'in', [...tenantIds])
      .where('status', '=', 'ENABLED')
      .where(sql<boolean>`type <> ALL(${sql.val([...CONTAINER_TYPES])}::text[])`)
      .returning(['tenant_id', 'id', 'type', 'name'])
      .execute();
  }

  /** Sets one station's working status. */
  async setStationStatus(tenantId: number, id: string, status: string): Promise<void> {
    await this.db.updateTable('entity').set({ working_status: status }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  }

  /** A gateway of the industry, heard from a minute ago. */
  async addGateway(tenantId: number, name: string): Promise<void> {
    await this.db
      .insertInto('gateway')
      .values({ tenant_id: tenantId, name, access_token: randomBytes(15).toString('base64url'), last_seen_at: sql`now() - interval '1 minute'`, deleted_date: null })
      .execute();
  }

  /** A device in stock (mounted nowhere) reporting pm and so2. */
  async addStockDevice(tenantId: number, name: string, serialNo: string): Promise<void> {
    const device = await this.db
      .insertInto('device')
      .values({ tenant_id: tenantId, entity_id: null, model_id: null, name, serial_no: serialNo, sensor_id: null, tags: '{}', deleted_date: null, last_data_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      INSERT INTO device_param (tenant_id, device_id, slot, std_param_id, unit, deleted_date)
      SELECT ${tenantId}, ${device.id}, row_number() OVER (ORDER BY name)::int, id, NULL, NULL FROM std_param WHERE name IN ('pm', 'so2')`.execute(this.db);
    await this.db.insertInto('device_credential').values({ access_token: randomBytes(15).toString('base64url'), tenant_id: tenantId, device_id: device.id }).execute();
  }
}
