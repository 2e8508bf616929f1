import { z } from 'zod';
import { EntityType, Id, TenantStatus, TenantType } from './common.ts';
import { TenantInfo } from './tenant.ts';

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

/** A page of a server-side paged list. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    /** The rows of this page. */
    items: z.array(item),
    /** Rows matching the filters over all pages. */
    total: z.number().int().min(0),
    /** This page's number, from 0. */
    page: z.number().int().min(0),
    /** Rows per page asked for. */
    size: z.number().int().min(1),
  });
}

/** Answer of GET /api/tenants. */
export const TenantPage = pageOf(TenantInfo);
export type TenantPage = z.infer<typeof TenantPage>;

/** Fields of a tenant an admin edits (POST and PUT /api/tenants). */
const TenantFields = {
  /** Display name, e.g. 'Shree Cement Ltd, Beawar'. */
  name: z.string().trim().min(1).max(200),
  /** The corporate owning the tenant; null for none. */
  corporateId: Id.nullable().default(null),
  /** Number of monitored units under licence. */
  monitoredUnits: z.number().int().min(0).max(100_000).default(0),
  /** Industry category, e.g. 'Cement'. */
  industryCategory: z.string().trim().max(100).nullable().default(null),
  /** Indian state, e.g. 'Rajasthan'. */
  state: z.string().trim().max(100).nullable().default(null),
  /** City or district. */
  city: z.string().trim().max(100).nullable().default(null),
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

/** Path of the /api/tenants/{id} routes. */
export const TenantPathParams = z.object({
  /** Tenant id. */
  id: Id,
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

/** A corporate: a company owning several tenants. */
export const Corporate = z.object({
  /** Corporate id. */
  id: z.number().int().positive(),
  /** Corporate name. */
  name: z.string(),
  /** Tenants of the corporate the caller may read, not deleted. */
  tenantCount: z.number().int().min(0),
});
export type Corporate = z.infer<typeof Corporate>;

/** A corporate as its administrators see it: the list row with its contact details. */
export const CorporateDetail = Corporate.extend({
  /** Contact email for the corporate, or null. */
  contactEmail: z.string().nullable(),
  /** Contact phone for the corporate, or null. */
  contactPhone: z.string().nullable(),
});
export type CorporateDetail = z.infer<typeof CorporateDetail>;

/** Body of POST /api/corporates and PUT /api/corporates/{id}: every editable field. */
export const CorporateInput = z.object({
  /** Display name, unique on the platform whatever the case, e.g. 'Kaveri Group'. */
  name: z.string().trim().min(1).max(200),
  /** Contact email, or null for none. */
  contactEmail: z.string().trim().max(254).regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address').nullable().default(null),
  /** Contact phone, e.g. '+91 98765 43210', or null for none. */
  contactPhone: z.string().trim().regex(/^\+?[\d\s-]{6,20}$/, 'must be a phone number').nullable().default(null),
});
export type CorporateInput = z.infer<typeof CorporateInput>;

/** Path of the /api/corporates/{id} routes. */
export const CorporatePathParams = z.object({
  /** Corporate id. */
  id: Id,
});

/** Columns a corporate list may be sorted by. */
export const CorporateSort = z.enum(['id', 'name', 'tenantCount']);

/** Query of GET /api/corporates (every corporate the caller may see, unpaged). */
export const CorporateListQuery = z.object({
  /** Case-insensitive part of the corporate's name. */
  searchString: z.string().trim().max(100).optional(),
  /** Sort column. */
  sort: CorporateSort.default('name'),
  /** Sort direction. */
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type CorporateListQuery = z.infer<typeof CorporateListQuery>;

/** Query of GET /api/corporates/page: the list's filters, one page at a time. */
export const CorporatePageQuery = CorporateListQuery.extend({
  /** Page number, from 0. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(200).default(20),
});
export type CorporatePageQuery = z.infer<typeof CorporatePageQuery>;

/** Answer of GET /api/corporates/page. */
export const CorporatePage = pageOf(CorporateDetail);
export type CorporatePage = z.infer<typeof CorporatePage>;

/** Query of GET /api/corporateTenants. */
export const CorporateTenantsQuery = z.object({
  /** The corporate whose tenants to list. */
  corporateId: Id,
});

/** Path of GET /api/getCorporateForTenant/{id}. */
export const CorporateForTenantParams = z.object({
  /** Tenant id. */
  id: Id,
});

/** Answer of GET /api/getCorporateForTenant/{id}: the tenant's corporate, or null when it has none. */
export const CorporateForTenant = z.object({
  /** The tenant asked about. */
  tenantId: z.number().int().positive(),
  /** Its corporate, or null. */
  corporate: Corporate.nullable(),
});
export type CorporateForTenant = z.infer<typeof CorporateForTenant>;

/** Path of GET /api/partners/{id}/tenants. */
export const PartnerParams = z.object({
  /** The partner's tenant id (a tenant of type partner). */
  id: Id,
});

/** Path of PUT and DELETE /api/partners/{id}/tenants/{tenantId}. */
export const PartnerTenantParams = z.object({
  /** The partner's tenant id (a tenant of type partner). */
  id: Id,
  /** The industry to link or unlink (a tenant of type tenant). */
  tenantId: Id,
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

/** Path of the /api/statutory/{tenantId} and /api/licenseCount/{tenantId} routes. */
export const AdminTenantParams = z.object({
  /** Tenant id. */
  tenantId: Id,
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
  statutoryIds: z.array(Id).max(50),
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

/** Preferences SPEC 4 gives meaning to, with the values they accept. */
export const PREFERENCE_RULES = {
  /** Auto-refresh of tenant dashboards: '1' on, '0' off. */
  REFRESH_DASHBOARD: { valid: (v: string) => v === '0' || v === '1', message: "must be '0' or '1'" },
  /** Minutes between auto-refreshes: a whole number from 1 to 1440 (a day). */
  REFRESH_INTERVAL: {
    valid: (v: string) => /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= 1440,
    message: 'must be whole minutes from 1 to 1440',
  },
} as const;

/** A preference key: upper case letters, digits and underscores, e.g. 'REFRESH_INTERVAL'. */
export const PreferenceKey = z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'must be upper case letters, digits and _, at most 64');

/** One preference's value (SPEC 3: a map by key, each with a value). */
export const PreferenceValue = z.object({
  /** The value as text, e.g. '1'. */
  value: z.string().max(1000),
});

/** Answer of GET and POST /api/preferences: the caller's preferences for the tenant acted for. */
export const Preferences = z.record(PreferenceKey, PreferenceValue);
export type Preferences = z.infer<typeof Preferences>;

/** Body of POST /api/preferences: preferences to set; keys not named keep their values. */
export const PreferencesInput = Preferences.superRefine((prefs, ctx) => {
  const keys = Object.keys(prefs);
  if (keys.length === 0 || keys.length > 50) ctx.addIssue({ code: 'custom', message: 'must set 1 to 50 preferences', path: [] });
  for (const [key, rule] of Object.entries(PREFERENCE_RULES)) {
    const given = prefs[key];
    if (given && !rule.valid(given.value)) ctx.addIssue({ code: 'custom', message: rule.message, path: [key, 'value'] });
  }
});
export type PreferencesInput = z.infer<typeof PreferencesInput>;

/** Query of GET /api/auditLogs. */
export const AuditLogQuery = z.object({
  /** Only this tenant's changes; omitted: every tenant the caller may read. */
  tenantId: Id.optional(),
  /** Only changes of this row, e.g. 'tenant:12'. */
  entity: z.string().regex(/^[a-z_]+:\d+$/, "must be '<table>:<id>'").optional(),
  /** Page number, from 0. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** Rows per page. */
  size: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/** One recorded change. */
export const AuditLogEntry = z.object({
  /** Entry id. */
  id: z.number().int().positive(),
  /** The tenant whose data changed. */
  tenantId: z.number().int().positive(),
  /** Who: 'user:<id>', 'cli' or 'apiKey'. */
  actor: z.string(),
  /** The signed-in user who made the change, or null. */
  actorUserId: z.number().int().positive().nullable(),
  /** When, ISO 8601 in UTC. */
  at: z.string(),
  /** What was done, e.g. 'create', 'update', 'status', 'delete'. */
  action: z.string(),
  /** The changed row as '<table>:<id>'. */
  entity: z.string(),
  /** The row before the change; null for a creation. */
  before: z.unknown(),
  /** The row after the change; null for a removal. */
  after: z.unknown(),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** Answer of GET /api/auditLogs: newest first. */
export const AuditLogPage = pageOf(AuditLogEntry);
export type AuditLogPage = z.infer<typeof AuditLogPage>;
