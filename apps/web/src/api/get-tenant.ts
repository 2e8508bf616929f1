import { queryOptions, useQuery } from '@tanstack/react-query';
import { TenantInfo } from '@enviro/contracts/tenants';
import { TENANTS_KEY } from '@/api/get-tenants';
import { api } from '@/lib/api-client';

export const getTenant = (id: number, signal?: AbortSignal): Promise<TenantInfo> =>
  api.get(`/tenant-by-id/${id}`, { schema: TenantInfo, ...(signal ? { signal } : {}) });

export const getTenantQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...TENANTS_KEY, 'detail', id], queryFn: ({ signal }) => getTenant(id, signal) });

export const useTenant = (id: number) => useQuery(getTenantQueryOptions(id));
