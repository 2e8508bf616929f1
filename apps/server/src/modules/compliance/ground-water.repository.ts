import { sql } from 'kysely';
import type { EntityRestriction } from '../../platform/access/entity-access.ts';
import { Repository } from '../../platform/database/repository.ts';
import { ENTITY_ROWS, visibleStationSql } from '../entities/entities.queries.ts';
import { TENANT_ROWS } from '../tenants/tenants.queries.ts';

export interface GroundWaterStationRow {
  tenant_id: number;
  tenant_name: string;
  id: string;
  name: string;
  last_data_at: Date | null;
}

/** The ground-water stations a caller reads. */
export class GroundWaterRepository extends Repository {
  /** The ENABLED ground-water stations of `tenantIds` the restriction lets through, by industry and name. */
  async stations(tenantIds: readonly number[], restriction: EntityRestriction | null): Promise<GroundWaterStationRow[]> {
    if (tenantIds.length === 0) return [];
    const { rows } = await sql<GroundWaterStationRow>`
      SELECT e.tenant_id, t.name AS tenant_name, e.id, e.name, e.last_data_at
      FROM ${ENTITY_ROWS} e JOIN ${TENANT_ROWS} t ON t.id = e.tenant_id
      WHERE e.type = 'ground water' AND e.status = 'ENABLED'
        AND e.tenant_id = ANY(${sql.val([...tenantIds])}::int[])
        AND ${visibleStationSql(restriction, 'e.tenant_id', 'e.id')}
      ORDER BY t.name, e.name, e.id`.execute(this.db);
    return rows;
  }
}
