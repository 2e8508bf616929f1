import { queryOptions, useQuery } from '@tanstack/react-query';
import { CorporateForTenant } from '@enviro/contracts/corporates';
import { TENANTS_KEY } from '@/api/get-tenants';
import { api } from '@/lib/api-client';

/** GET /api/getCorporateForTenant/{id}: the tenant's corporate, or null. */
export const getCorporateForTenant = (tenantId: number, signal?: AbortSignal): Promise<CorporateForTenant> =>
  api.get(`/getCorporateForTenant/${tenantId}`, { schema: CorporateForTenant, ...(signal ? { signal } : {}) });

export const getCorporateForTenantQueryOptions = (tenantId: number) =>
  queryOptions({
    queryKey: [...TENANTS_KEY, 'corporate', tenantId],
    queryFn: ({ signal }) => getCorporateForTenant(tenantId, signal),
  });

export const useCorporateForTenant = (tenantId: number) => useQuery(getCorporateForTenantQueryOptions(tenantId));
