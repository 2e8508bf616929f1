import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { TENANT_COLUMNS, type TenantRow } from './tenant.repository.ts';

export interface CorporateRow {
  id: number;
  name: string;
  tenant_count: number;
}

/** Corporates and the tenants they own, counted and listed within the tenants a caller may read. */
export class CorporateRepository {
  constructor(private readonly db: Db) {}

  /**
   * Corporates with how many of `tenantIds` (not deleted) each owns; with `all` also those owning
   * none of them, else only those owning at least one.
   */
  async list(tenantIds: readonly number[], all: boolean, corporateId?: number): Promise<CorporateRow[]> {
    const ids = tenantIds.length === 0 ? [0] : tenantIds;
    return this.db
      .selectFrom('corporate as c')
      .leftJoin('tenant as t', (j) => j.onRef('t.corporate_id', '=', 'c.id').on('t.id', 'in', ids).on('t.status', '!=', 'DELETED'))
      .select(['c.id', 'c.name', sql<number>`count(t.id)::int`.as('tenant_count')])
      .$if(corporateId !== undefined, (q) => q.where('c.id', '=', corporateId!))
      .groupBy(['c.id', 'c.name'])
      .$if(!all, (q) => q.having(sql<number>`count(t.id)`, '>', 0))
      .orderBy('c.name')
      .orderBy('c.id')
      .execute();
  }

  /** The corporate's tenants among `tenantIds`, not deleted, by name. */
  async tenants(corporateId: number, tenantIds: readonly number[]): Promise<TenantRow[]> {
    if (tenantIds.length === 0) return [];
    return this.db
      .selectFrom('tenant')
      .innerJoin('corporate', 'corporate.id', 'tenant.corporate_id')
      .select(TENANT_COLUMNS)
      .where('tenant.corporate_id', '=', corporateId)
      .where('tenant.id', 'in', tenantIds)
      .where('tenant.status', '!=', 'DELETED')
      .orderBy('tenant.name')
      .orderBy('tenant.id')
      .execute();
  }

  async corporateIdOf(tenantId: number): Promise<number | null> {
    const row = await this.db.selectFrom('tenant').select('corporate_id').where('id', '=', tenantId).executeTakeFirst();
    return row?.corporate_id ?? null;
  }
}
