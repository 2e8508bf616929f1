import { queryOptions, useQuery } from '@tanstack/react-query';
import { CorporateForTenant } from '@enviro/contracts/corporates';
import { api } from '@/lib/api-client';
import { tenantKeys } from './query-keys';

/** GET /api/getCorporateForTenant/{id}: the tenant's corporate, or null. */
export const getCorporateForTenant = (tenantId: number, signal?: AbortSignal): Promise<CorporateForTenant> =>
  api.get(`/getCorporateForTenant/${tenantId}`, { schema: CorporateForTenant, ...(signal ? { signal } : {}) });

export const getCorporateForTenantQueryOptions = (tenantId: number) =>
  queryOptions({
    queryKey: tenantKeys.corporate(tenantId),
    queryFn: ({ signal }) => getCorporateForTenant(tenantId, signal),
  });

export const useCorporateForTenant = (tenantId: number) => useQuery(getCorporateForTenantQueryOptions(tenantId));
