import { queryOptions, useQuery } from '@tanstack/react-query';
import { TenantInfo } from '@enviro/contracts/tenants';
import { api } from '@/lib/api-client';
import { tenantKeys } from './query-keys';

export const getTenant = (id: number, signal?: AbortSignal): Promise<TenantInfo> =>
  api.get(`/tenant-by-id/${id}`, { schema: TenantInfo, ...(signal ? { signal } : {}) });

// The signal is not passed on purpose: a layout that remounts while the answer is on its way (lazy
// routes settling on a phone) would cancel it and ask again; a tenant's detail is small, so the
// remounted observer waits for the request already made instead.
export const getTenantQueryOptions = (id: number) =>
  queryOptions({ queryKey: tenantKeys.detail(id), queryFn: () => getTenant(id) });

export const useTenant = (id: number) => useQuery(getTenantQueryOptions(id));
