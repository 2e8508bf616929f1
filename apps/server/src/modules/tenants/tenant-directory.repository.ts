import { sql, type SelectQueryBuilder } from 'kysely';
import { PUBLIC_TENANT_STATUSES } from '../../platform/access/auth.ts';
import type { TenantDirectory } from '../../platform/access/tenant-directory.ts';
import { Repository } from '../../platform/database/repository.ts';
import type { Database } from '../../platform/database/schema.ts';

/** The tenant directory the access rules resolve callers with (platform/access/tenant-directory.ts). */
export class TenantDirectoryRepository extends Repository implements TenantDirectory {
  /** The tenant of the API key with this hash, unless the tenant is deleted. */
  async apiKeyTenantId(keyHash: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('api_key')
      .innerJoin('tenant', 'tenant.id', 'api_key.tenant_id')
      .select('tenant.id')
      .where('api_key.key_hash', '=', keyHash)
      .where('tenant.status', '!=', 'DELETED')
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * A statutory body's public id opens its associated industries; an industry's opens itself only.
   * Only tenants the portal shows; the named tenant first.
   */
  async publicTenantIds(publicTenantId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('tenant as t')
      .select('t.id')
      .where('t.status', 'in', PUBLIC_TENANT_STATUSES)
      .where((eb) =>
        eb.or([
          eb('t.id', '=', publicTenantId),
          eb(
            't.id',
            'in',
            eb
              .selectFrom('statutory_association as sa')
              .innerJoin('tenant as s', 's.id', 'sa.statutory_id')
              .select('sa.tenant_id')
              .where('sa.statutory_id', '=', publicTenantId)
              .where('s.status', 'in', PUBLIC_TENANT_STATUSES),
          ),
        ]),
      )
      .orderBy(sql`t.id = ${publicTenantId}`, 'desc')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Every tenant that is not deleted: what a site user may act for. */
  async allTenantIds(): Promise<number[]> {
    const rows = await this.db.selectFrom('tenant').select('id').where('status', '!=', 'DELETED').orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  /** The industries associated with a statutory body, not deleted. */
  async associatedTenantIds(statutoryId: number): Promise<number[]> {
    return this.notDeleted(this.db.selectFrom('statutory_association').select('tenant_id').where('statutory_id', '=', statutoryId));
  }

  /** The tenants of a corporate, not deleted. */
  async corporateTenantIds(corporateId: number): Promise<number[]> {
    return this.notDeleted(this.db.selectFrom('tenant').select('id as tenant_id').where('corporate_id', '=', corporateId));
  }

  /** The industries an investor or quasi-regulator follows (`tenant_watch`), not deleted. */
  async watchedTenantIds(watcherId: number): Promise<number[]> {
    return this.notDeleted(this.db.selectFrom('tenant_watch').select('tenant_id').where('watcher_id', '=', watcherId));
  }

  /** The industries linked to a partner, not deleted. */
  async partnerTenantIds(partnerId: number): Promise<number[]> {
    return this.notDeleted(this.db.selectFrom('partner_tenant').select('tenant_id').where('partner_id', '=', partnerId));
  }

  /** The tenant's type, status and corporate: what decides who may be its user and be given which corporate. */
  async tenant(tenantId: number): Promise<{ id: number; type: string; status: string; corporate_id: number | null } | undefined> {
    return this.db.selectFrom('tenant').select(['id', 'type', 'status', 'corporate_id']).where('id', '=', tenantId).executeTakeFirst();
  }

  async corporateExists(corporateId: number): Promise<boolean> {
    const row = await this.db.selectFrom('corporate').select('id').where('id', '=', corporateId).executeTakeFirst();
    return row !== undefined;
  }

  /** Whether the corporate owns one of `tenantIds`. */
  async corporateOwnsAny(corporateId: number, tenantIds: readonly number[]): Promise<boolean> {
    if (tenantIds.length === 0) return false;
    const row = await this.db
      .selectFrom('tenant')
      .select('id')
      .where('corporate_id', '=', corporateId)
      .where('id', 'in', tenantIds)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The tenants among `tenantIds` that are not deleted, in id order. */
  private async notDeleted(tenantIds: SelectQueryBuilder<Database, keyof Database, { tenant_id: number }>): Promise<number[]> {
    const rows = await this.db.selectFrom('tenant').select('id').where('id', 'in', tenantIds).where('status', '!=', 'DELETED').orderBy('id').execute();
    return rows.map((r) => r.id);
  }
}
