import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { TenantPage } from '@enviro/contracts/tenants';
import { api } from '@/lib/api-client';
import { tenantKeys } from './query-keys';

/** How many matches the switcher lists; typing narrows the search on the server. */
const SWITCHER_SIZE = 20;

/** GET /api/tenants?manage=true: the industries a site or partner user may act for, searched on the server. */
export const searchManageableTenants = (searchString: string, signal?: AbortSignal): Promise<TenantPage> =>
  api.get('/tenants', {
    params: { manage: 'true', searchString: searchString || undefined, size: SWITCHER_SIZE, sort: 'name' },
    schema: TenantPage,
    ...(signal ? { signal } : {}),
  });

export const searchManageableTenantsQueryOptions = (searchString: string) =>
  queryOptions({
    queryKey: tenantKeys.manageable(searchString),
    queryFn: ({ signal }) => searchManageableTenants(searchString, signal),
    placeholderData: keepPreviousData,
  });

export const useManageableTenants = (searchString: string, enabled: boolean) =>
  useQuery({ ...searchManageableTenantsQueryOptions(searchString), enabled });
