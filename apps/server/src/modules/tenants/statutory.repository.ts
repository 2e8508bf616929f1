import { Repository } from '../../platform/database/repository.ts';

export interface StatutoryBodyRow {
  id: number;
  name: string;
  type: string;
}

/** Tenant types that regulate industries. */
export const STATUTORY_TYPES = ['statutory', 'cgwa'] as const;

/** Which statutory bodies each industry reports to. */
export class StatutoryRepository extends Repository {
  /** The bodies the industry reports to, by name. */
  async bodiesOf(tenantId: number): Promise<StatutoryBodyRow[]> {
    return this.db
      .selectFrom('statutory_association as sa')
      .innerJoin('tenant as s', 's.id', 'sa.statutory_id')
      .select(['s.id', 's.name', 's.type'])
      .where('sa.tenant_id', '=', tenantId)
      .orderBy('s.name')
      .orderBy('s.id')
      .execute();
  }

  /** Those of `ids` that are statutory or CGWA bodies not deleted. */
  async existingBodies(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('tenant')
      .select('id')
      .where('id', 'in', ids)
      .where('type', 'in', STATUTORY_TYPES)
      .where('status', '!=', 'DELETED')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Makes `statutoryIds` the industry's complete set of bodies. */
  async replace(tenantId: number, statutoryIds: readonly number[]): Promise<void> {
    await this.db.deleteFrom('statutory_association').where('tenant_id', '=', tenantId).execute();
    await this.add(tenantId, statutoryIds);
  }

  /** Adds bodies the industry reports to, beside those it has. */
  async add(tenantId: number, statutoryIds: readonly number[]): Promise<void> {
    if (statutoryIds.length === 0) return;
    await this.db
      .insertInto('statutory_association')
      .values(statutoryIds.map((statutory_id) => ({ tenant_id: tenantId, statutory_id })))
      .execute();
  }
}
