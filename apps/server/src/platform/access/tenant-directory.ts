/**
 * The tenants a caller reaches: the one an API key opens, those the public portal shows for a
 * tenant, and those a signed-in user's tenant is related to (statutory associations, partner
 * links, watch lists, corporates), and what decides who may belong to a tenant. The access rules here resolve
 * every request with it; the tenants module, which owns the tenant table, provides it
 * (`tenants/tenant-directory.repository.ts`, given to `app.accessStores`).
 */
export interface TenantDirectory {
  /** The tenant of the API key with this hash, unless the tenant is deleted. */
  apiKeyTenantId(keyHash: string): Promise<number | undefined>;
  /**
   * A statutory body's public id opens its associated industries; an industry's opens itself only.
   * Only tenants the portal shows; the named tenant first.
   */
  publicTenantIds(publicTenantId: number): Promise<number[]>;
  /** Every tenant that is not deleted: what a site user may act for. */
  allTenantIds(): Promise<number[]>;
  /** The industries associated with a statutory body, not deleted. */
  associatedTenantIds(statutoryId: number): Promise<number[]>;
  /** The tenants of a corporate, not deleted. */
  corporateTenantIds(corporateId: number): Promise<number[]>;
  /** The industries an investor or quasi-regulator follows, not deleted. */
  watchedTenantIds(watcherId: number): Promise<number[]>;
  /** The industries linked to a partner, not deleted. */
  partnerTenantIds(partnerId: number): Promise<number[]>;
  /** The tenant's type, status and corporate: what decides who may be its user and be given which corporate. */
  tenant(tenantId: number): Promise<{ id: number; type: string; status: string; corporate_id: number | null } | undefined>;
  corporateExists(corporateId: number): Promise<boolean>;
  /** Whether the corporate owns one of `tenantIds`. */
  corporateOwnsAny(corporateId: number, tenantIds: readonly number[]): Promise<boolean>;
}
