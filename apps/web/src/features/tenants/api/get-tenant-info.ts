import { queryOptions, useQuery } from '@tanstack/react-query';
import { TenantInfo } from '@enviro/contracts/tenants';
import { api } from '@/lib/api-client';
import { tenantInfoKeys } from './query-keys';

/**
 * The tenant the public portal shows (the one named by the public-tenant-id header). A 401 is
 * handed back instead of ending the session: the caller sends the user to /error (SPEC 2).
 */
export const getTenantInfo = (signal?: AbortSignal): Promise<TenantInfo> =>
  api.get('/tenantinfo', { schema: TenantInfo, redirectOn401: false, ...(signal ? { signal } : {}) });

export const getTenantInfoQueryOptions = (tenantId: string) =>
  queryOptions({
    queryKey: tenantInfoKeys.tenant(tenantId),
    queryFn: ({ signal }) => getTenantInfo(signal),
    staleTime: 5 * 60_000,
  });

export const useTenantInfo = (tenantId: string) => useQuery(getTenantInfoQueryOptions(tenantId));
