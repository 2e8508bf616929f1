import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TenantPage } from '@enviro/contracts/tenants';
import { api } from '@/lib/api-client';
import { tenantKeys } from './query-keys';

/** GET /api/tenants as the admin screens ask it: filters, page and sort as URL query text. */
export interface TenantListParams {
  searchString?: string | undefined;
  type?: string | undefined;
  /** Statuses, comma-separated. */
  status?: string | undefined;
  page?: number;
  size?: number;
  sort?: string;
  order?: 'asc' | 'desc';
}

export const getTenants = (params: TenantListParams, signal?: AbortSignal): Promise<TenantPage> =>
  api.get('/tenants', { params: { ...params }, schema: TenantPage, ...(signal ? { signal } : {}) });

export const getTenantsQueryOptions = (params: TenantListParams) =>
  queryOptions({
    queryKey: tenantKeys.list(params),
    queryFn: ({ signal }) => getTenants(params, signal),
    placeholderData: keepPreviousData,
  });

export const useTenants = (params: TenantListParams) => useQuery(getTenantsQueryOptions(params));
