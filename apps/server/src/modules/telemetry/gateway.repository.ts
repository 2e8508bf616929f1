import { sql } from 'kysely';
import { Repository } from '../../platform/database/repository.ts';
import { deviceRows, isInServiceSql } from '../devices/devices.queries.ts';

/** A gateway as ingestion knows it: by its access token. */
export interface GatewayProfile {
  tenantId: number;
  gatewayId: string;
}

/** Gateways (ThingsBoard's gateway API) as ingestion sees them: by token, and their devices by name. */
export class GatewayRepository extends Repository {
  /** The gateway behind an access token, or null when unknown or removed. */
  async findByToken(accessToken: string): Promise<GatewayProfile | null> {
    const row = await this.db
      .selectFrom('gateway')
      .select(['tenant_id', 'id'])
      .where('access_token', '=', accessToken)
      .where('deleted_date', 'is', null)
      .executeTakeFirst();
    return row ? { tenantId: row.tenant_id, gatewayId: row.id } : null;
  }

  /** The access token of the tenant's live device of this name (the oldest device when names repeat), or null. */
  async deviceToken(tenantId: number, name: string): Promise<string | null> {
    const row = await this.db
      .selectFrom(deviceRows(this.db).as('d'))
      .innerJoin('device_credential as c', (j) => j.onRef('c.tenant_id', '=', 'd.tenant_id').onRef('c.device_id', '=', 'd.id'))
      .select('c.access_token')
      .where('d.tenant_id', '=', tenantId)
      .where('d.name', '=', name)
      .where(isInServiceSql('d'))
      .orderBy('d.id')
      .orderBy('c.created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.access_token ?? null;
  }

  /** Records that the gateway was heard from now. */
  async touch(gateway: GatewayProfile): Promise<void> {
    await this.db
      .updateTable('gateway')
      .set({ last_seen_at: sql`now()` })
      .where('tenant_id', '=', gateway.tenantId)
      .where('id', '=', gateway.gatewayId)
      .execute();
  }
}
