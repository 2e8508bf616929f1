// The tenants feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { getTenantQueryOptions } from './api/get-tenant';
export { useTenantInfo } from './api/get-tenant-info';
export { useTenants } from './api/get-tenants';
export { useTenantsLiveStatus } from './api/get-tenants-live-status';
export { tenantInfoKeys, tenantKeys } from './api/query-keys';
export { useManageableTenants } from './api/search-manageable-tenants';
export { useReadIndustries } from './api/use-read-industries';
export { TenantDetailView } from './components/tenant-detail-view';
export { TenantLogoCard } from './components/tenant-logo-card';
export { useOwnTenantLogoSrc } from './api/upload-logo';
export { TenantPicker } from './components/tenant-picker';
export { TenantsView } from './components/tenants-view';
