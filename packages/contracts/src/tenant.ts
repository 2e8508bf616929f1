import { z } from 'zod';
import { Id, TenantStatus, TenantType } from './common.ts';

/** Path of GET /api/tenant-by-id/{tenantId}. */
export const TenantIdParams = z.object({
  /** Tenant id. */
  tenantId: Id,
});

/** A tenant as GET /api/tenantinfo and GET /api/tenant-by-id/{tenantId} answer it (SPEC 3 Tenant). */
export const TenantInfo = z.object({
  /** Tenant id. */
  id: z.number().int().positive(),
  /** Display name, e.g. 'Shree Cement Ltd, Beawar'. */
  name: z.string(),
  /** Subscription status; the public portal shows ENABLED, TRIAL and GRACE tenants only. */
  status: TenantStatus,
  /** Tenant type; industries are 'tenant'. */
  type: TenantType,
  /** Number of monitored units under licence. */
  monitoredUnits: z.number().int().min(0),
  /** The corporate owning the tenant, or null. */
  corporate: z.object({
    /** Corporate id. */
    id: z.number().int().positive(),
    /** Corporate name. */
    name: z.string(),
  }).nullable(),
  /** The same corporate's id, or null. */
  corporateId: z.number().int().positive().nullable(),
  /** Display id: 'T-' and the id left-padded with zeros to 6 digits. */
  displayId: z.string(),
  /** Indian state, e.g. 'Rajasthan'. */
  state: z.string().nullable(),
  /** City or district. */
  city: z.string().nullable(),
  /** Industry category, e.g. 'Cement'. */
  industryCategory: z.string().nullable(),
});
export type TenantInfo = z.infer<typeof TenantInfo>;
