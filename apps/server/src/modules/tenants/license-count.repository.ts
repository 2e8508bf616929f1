import { sql } from 'kysely';
import { CONTAINER_TYPES } from '../../platform/database/entity-types.ts';
import { Repository } from '../../platform/database/repository.ts';
import { entityRows } from '../entities/entities.queries.ts';

export interface LicenseCountRow {
  station_type: string;
  licensed: number;
  used: number;
}

/** Licensed station counts per type, beside the stations in use. */
export class LicenseCountRepository extends Repository {
  /** Every station type the tenant licenses or uses, by type; unlicensed types count 0 licensed. */
  async counts(tenantId: number): Promise<LicenseCountRow[]> {
    const used = this.db
      .selectFrom(entityRows(this.db).as('entity'))
      .select(['type as station_type', sql<number>`count(*)::int`.as('used')])
      .where('tenant_id', '=', tenantId)
      .where('status', '=', 'ENABLED')
      .where('type', 'not in', CONTAINER_TYPES)
      .groupBy('type');
    const { rows } = await sql<LicenseCountRow>`
      SELECT coalesce(l.station_type, u.station_type) AS station_type,
             coalesce(l.licensed, 0) AS licensed,
             coalesce(u.used, 0) AS used
      FROM (SELECT station_type, licensed FROM license_count WHERE tenant_id = ${tenantId} AND licensed > 0) l
      FULL JOIN (${used}) u ON u.station_type = l.station_type
      ORDER BY coalesce(l.station_type, u.station_type) COLLATE "C"`.execute(this.db);
    return rows;
  }

  async upsert(tenantId: number, counts: readonly { stationType: string; licensed: number }[]): Promise<void> {
    await this.db
      .insertInto('license_count')
      .values(counts.map((c) => ({ tenant_id: tenantId, station_type: c.stationType, licensed: c.licensed })))
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'station_type']).doUpdateSet((eb) => ({ licensed: eb.ref('excluded.licensed'), updated_at: sql`now()` })),
      )
      .execute();
  }
}
