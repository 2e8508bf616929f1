import { z } from 'zod';
import { CorporateId, TenantId, pageOf } from './common.ts';

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
  id: CorporateId,
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
  corporateId: CorporateId,
});

/** Path of GET /api/getCorporateForTenant/{id}. */
export const CorporateForTenantParams = z.object({
  /** Tenant id. */
  id: TenantId,
});

/** Answer of GET /api/getCorporateForTenant/{id}: the tenant's corporate, or null when it has none. */
export const CorporateForTenant = z.object({
  /** The tenant asked about. */
  tenantId: z.number().int().positive(),
  /** Its corporate, or null. */
  corporate: Corporate.nullable(),
});
export type CorporateForTenant = z.infer<typeof CorporateForTenant>;
