import { z } from 'zod';
import { TenantId } from './common.ts';
import { TenantInfo } from './tenants.ts';

/** Path of GET /api/partners/{id}/tenants. */
export const PartnerParams = z.object({
  /** The partner's tenant id (a tenant of type partner). */
  id: TenantId,
});

/** Path of PUT and DELETE /api/partners/{id}/tenants/{tenantId}. */
export const PartnerTenantParams = z.object({
  /** The partner's tenant id (a tenant of type partner). */
  id: TenantId,
  /** The industry to link or unlink (a tenant of type tenant). */
  tenantId: TenantId,
});

/**
 * Answer of the /api/partners/{id}/tenants routes: the industries linked to a partner, by name.
 * The partner's users read them and may act for them in manage mode (TENANT-ID).
 */
export const PartnerTenants = z.object({
  /** The partner. */
  partnerId: z.number().int().positive(),
  /** Its linked industries, not deleted. */
  tenants: z.array(TenantInfo),
});
export type PartnerTenants = z.infer<typeof PartnerTenants>;
