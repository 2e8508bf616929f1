/**
 * The columns of a TenantRow, for every repository that lists tenants: the tenants module's own, and
 * those listing a corporate's or a partner's tenants. The query must join corporate (left join when
 * it may be absent); the tenants service turns a row into the contract (`toTenantInfo`).
 */
export const TENANT_COLUMNS = [
  'tenant.id',
  'tenant.name',
  'tenant.status',
  'tenant.type',
  'tenant.monitored_units',
  'tenant.corporate_id',
  'corporate.name as corporate_name',
  'tenant.state',
  'tenant.city',
  'tenant.industry_category',
] as const;

export interface TenantRow {
  id: number;
  name: string;
  status: string;
  type: string;
  monitored_units: number;
  corporate_id: number | null;
  corporate_name: string | null;
  state: string | null;
  city: string | null;
  industry_category: string | null;
}
