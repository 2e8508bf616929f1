import { Repository } from '../../platform/database/repository.ts';
import { TENANT_COLUMNS, type TenantRow } from '../../platform/database/tenant-columns.ts';
import { isNotDeletedSql, tenantRows } from '../tenants/tenants.queries.ts';

/** A tenant's type and status, to check it may take part in a link. */
export interface TenantKindRow {
  id: number;
  type: string;
  status: string;
}

/** Links between partners and the industries they serve (`partner_tenant`). */
export class PartnerTenantRepository extends Repository {
  /** The tenant's type and status; `lock` holds the row until the transaction ends (one link change at a time). */
  async kindOf(id: number, lock = false): Promise<TenantKindRow | undefined> {
    return this.db
      .selectFrom(tenantRows(this.db).as('tenant'))
      .select(['id', 'type', 'status'])
      .where('id', '=', id)
      .$if(lock, (q) => q.forUpdate())
      .executeTakeFirst();
  }

  /** The partner's linked industries, not deleted, by name. */
  async tenantsOf(partnerId: number): Promise<TenantRow[]> {
    return this.db
      .selectFrom('partner_tenant as pt')
      .innerJoin(tenantRows(this.db).as('tenant'), 'tenant.id', 'pt.tenant_id')
      .leftJoin('corporate', 'corporate.id', 'tenant.corporate_id')
      .select(TENANT_COLUMNS)
      .where('pt.partner_id', '=', partnerId)
      .where(isNotDeletedSql('tenant'))
      .orderBy('tenant.name')
      .orderBy('tenant.id')
      .execute();
  }

  /** The partners linked to an industry. */
  async partnerIdsOf(tenantId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('partner_tenant').select('partner_id').where('tenant_id', '=', tenantId).orderBy('partner_id').execute();
    return rows.map((r) => r.partner_id);
  }

  /** Whether a link was added (false: it existed). */
  async link(partnerId: number, tenantId: number): Promise<boolean> {
    const result = await this.db
      .insertInto('partner_tenant')
      .values({ tenant_id: tenantId, partner_id: partnerId })
      .onConflict((oc) => oc.columns(['tenant_id', 'partner_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /** Whether a link was removed (false: there was none). */
  async unlink(partnerId: number, tenantId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('partner_tenant')
      .where('tenant_id', '=', tenantId)
      .where('partner_id', '=', partnerId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
