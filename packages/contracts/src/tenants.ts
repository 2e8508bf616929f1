import { z } from 'zod';
import { CorporateId, EntityType, TenantId, TenantStatus, TenantType, pageOf } from './common.ts';

/** Path of GET /api/tenant-by-id/{tenantId}. */
export const TenantIdParams = z.object({
  /** Tenant id. */
  tenantId: TenantId,
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


/** Columns a tenant list may be sorted by. */
export const TenantSort = z.enum(['id', 'name', 'status', 'type']);

/** Query of GET /api/tenants. */
export const TenantListQuery = z.object({
  /** Case-insensitive part of the tenant's name, city or state. */
  searchString: z.string().trim().max(100).optional(),
  /**
   * true: only the industries the caller may act for in manage mode (site and partner users);
   * false or omitted: every tenant the caller may read.
   */
  manage: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  /** Only tenants of this type. */
  type: TenantType.optional(),
  /**
   * Only tenants in these statuses, comma-separated. Omitted: every status but DISABLED and DELETED,
   * and for statutory callers DISABLED too (SPEC 5).
   */
  status: z
    .string()
    .transform((v, ctx) => {
      const parsed = z.array(TenantStatus).min(1).safeParse(v.split(',').map((s) => s.trim()));
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: `must be statuses of ${TenantStatus.options.join(', ')}, comma-separated` });
        return z.NEVER;
      }
      return parsed.data;
    })
    .optional(),
  /** Page number, from 0. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(200).default(20),
  /** Sort column. */
  sort: TenantSort.default('name'),
  /** Sort direction. */
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TenantListQuery = z.infer<typeof TenantListQuery>;

/** Answer of GET /api/tenants. */
export const TenantPage = pageOf(TenantInfo);
export type TenantPage = z.infer<typeof TenantPage>;

/** Fields of a tenant an admin edits, each as it is given. */
const TenantFieldValues = {
  /** Display name, e.g. 'Shree Cement Ltd, Beawar'. */
  name: z.string().trim().min(1).max(200),
  /** The corporate owning the tenant; null for none. */
  corporateId: CorporateId.nullable(),
  /** Number of monitored units under licence. */
  monitoredUnits: z.number().int().min(0).max(100_000),
  /** Industry category, e.g. 'Cement'. */
  industryCategory: z.string().trim().max(100).nullable(),
  /** Indian state, e.g. 'Rajasthan'. */
  state: z.string().trim().max(100).nullable(),
  /** City or district. */
  city: z.string().trim().max(100).nullable(),
};

/** The same fields where the whole tenant is given (POST /api/tenants, PUT /api/tenants/{id}): a field left out takes its default. */
const TenantFields = {
  name: TenantFieldValues.name,
  corporateId: TenantFieldValues.corporateId.default(null),
  monitoredUnits: TenantFieldValues.monitoredUnits.default(0),
  industryCategory: TenantFieldValues.industryCategory.default(null),
  state: TenantFieldValues.state.default(null),
  city: TenantFieldValues.city.default(null),
};

/** Body of POST /api/tenants. */
export const NewTenant = z.object({
  ...TenantFields,
  /** Tenant type; industries are 'tenant'. Fixed once created: the tenant's users carry it. */
  type: TenantType.default('tenant'),
  /** Initial status; DELETED is reached by DELETE only. */
  status: TenantStatus.exclude(['DELETED']).default('ENABLED'),
});
export type NewTenant = z.infer<typeof NewTenant>;

/** Body of PUT /api/tenants/{id}: every editable field (status changes by PATCH). */
export const TenantUpdate = z.object(TenantFields);
export type TenantUpdate = z.infer<typeof TenantUpdate>;

/**
 * Body of POST /api/tenants/{id}: the editable fields to change, at least one; those left out keep
 * their values (PUT replaces them all). Status changes by PATCH, deletion by DELETE, and the type
 * never: any other field answers 400 naming it.
 */
export const TenantChanges = z
  .object(TenantFieldValues)
  .partial()
  .strict()
  .refine((changes) => Object.values(changes).some((v) => v !== undefined), { message: 'give at least one field to change' });
export type TenantChanges = z.infer<typeof TenantChanges>;

/** Path of the /api/tenants/{id} routes. */
export const TenantPathParams = z.object({
  /** Tenant id. */
  id: TenantId,
});

/** One operation of a tenant status patch (SPEC 4 patch format). */
export const TenantPatchOp = z.object({
  /** Only SET is defined. */
  op: z.literal('SET'),
  /** The attribute to set; only status may be patched. */
  att: z.literal('status'),
  /** The new status; DELETED is reached by DELETE only. */
  value: TenantStatus.exclude(['DELETED']),
});

/** Body of PATCH /api/tenants/{id}: e.g. `[{op: "SET", att: "status", value: "GRACE"}]`. */
export const TenantPatch = z.array(TenantPatchOp).min(1).max(10);
export type TenantPatch = z.infer<typeof TenantPatch>;

/** Stations of one tenant by live status (SPEC 4): answer row of GET /api/getTenantsLiveStatus. */
export const TenantLiveStatus = z.object({
  /** Tenant id. */
  tenantId: z.number().int().positive(),
  /** Tenant name. */
  name: z.string(),
  /** Stations whose last reading is at most 15 minutes old. */
  LIVE: z.number().int().min(0),
  /** Stations last heard from 15 minutes to 4 hours ago. */
  DELAYED: z.number().int().min(0),
  /** Stations last heard from longer ago. */
  OFFLINE: z.number().int().min(0),
  /** Stations that never reported. */
  UNKNOWN: z.number().int().min(0),
});
export type TenantLiveStatus = z.infer<typeof TenantLiveStatus>;

/** Path of the /api/statutory/{tenantId} and /api/licenseCount/{tenantId} routes. */
export const AdminTenantParams = z.object({
  /** Tenant id. */
  tenantId: TenantId,
});

/** A statutory body an industry reports to. */
export const StatutoryBody = z.object({
  /** The statutory body's tenant id. */
  id: z.number().int().positive(),
  /** Its name, e.g. 'Rajasthan State Pollution Control Board'. */
  name: z.string(),
  /** statutory or cgwa. */
  type: TenantType,
});
export type StatutoryBody = z.infer<typeof StatutoryBody>;

/** Answer of GET and POST /api/statutory/{tenantId}: the bodies the industry reports to, by name. */
export const StatutoryAssociation = z.object({
  /** The industry. */
  tenantId: z.number().int().positive(),
  /** Its statutory bodies. */
  statutory: z.array(StatutoryBody),
});
export type StatutoryAssociation = z.infer<typeof StatutoryAssociation>;

/** Body of POST /api/statutory/{tenantId}: the complete set of bodies the industry reports to. */
export const StatutoryAssociationInput = z.object({
  /** Tenant ids of statutory or CGWA bodies; an empty list removes every association. */
  statutoryIds: z.array(TenantId).max(50),
});
export type StatutoryAssociationInput = z.infer<typeof StatutoryAssociationInput>;

/** Station types a licence counts (entity types that are not groups or facilities). */
export const StationType = EntityType.exclude(['group', 'facility']);
export type StationType = z.infer<typeof StationType>;

/** Licensed and used stations of one type. */
export const LicenseCount = z.object({
  /** Station type, e.g. 'cems'. */
  stationType: StationType,
  /** Stations of this type the licence covers. */
  licensed: z.number().int().min(0),
  /** Stations of this type the tenant has (enabled), whether licensed or not. */
  used: z.number().int().min(0),
});
export type LicenseCount = z.infer<typeof LicenseCount>;

/** Answer of GET and POST /api/licenseCount/{tenantId}: every type licensed or in use, by type. */
export const LicenseCounts = z.object({
  /** The tenant. */
  tenantId: z.number().int().positive(),
  /** One row per station type licensed or in use. */
  counts: z.array(LicenseCount),
});
export type LicenseCounts = z.infer<typeof LicenseCounts>;

/** Body of POST /api/licenseCount/{tenantId}: licensed counts to set; types not named keep theirs. */
export const LicenseCountInput = z.object({
  /** Counts by station type; each type at most once. 0 withdraws the licence. */
  counts: z
    .array(z.object({
      /** Station type. */
      stationType: StationType,
      /** Stations of the type the licence covers. */
      licensed: z.number().int().min(0).max(100_000),
    }))
    .min(1)
    .max(StationType.options.length)
    .refine((counts) => new Set(counts.map((c) => c.stationType)).size === counts.length, 'each station type at most once'),
});
export type LicenseCountInput = z.infer<typeof LicenseCountInput>;

/** Creates a tenant (an industry, a statutory body, a partner...). */
export const CreateTenant = z.object({
  /** Display name, e.g. 'Shree Cement Ltd, Beawar'. */
  name: z.string().trim().min(1).max(200),
  /** Tenant type; industries are 'tenant'. */
  type: TenantType.default('tenant'),
  /** Initial status. */
  status: TenantStatus.default('ENABLED'),
  /** Corporate that owns this tenant, if any. */
  corporateId: CorporateId.optional(),
  /** Number of monitored units under licence. */
  monitoredUnits: z.number().int().min(0).default(0),
  /** Industry category, e.g. 'Cement'. */
  industryCategory: z.string().max(100).optional(),
  /** Indian state, e.g. 'Rajasthan'. */
  state: z.string().max(100).optional(),
  /** City or district. */
  city: z.string().max(100).optional(),
  /** Statutory bodies (tenant ids of type statutory/cgwa) this industry reports to. */
  statutoryIds: z.array(TenantId).default([]),
});
export type CreateTenant = z.input<typeof CreateTenant>;
