import { queryOptions, useQuery } from '@tanstack/react-query';
import { TenantInfo } from '@enviro/contracts/tenants';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { corporateKeys } from './query-keys';

const Tenants = z.array(TenantInfo);

/** GET /api/corporateTenants: a corporate's tenants that the caller may read. */
export const getCorporateTenants = (corporateId: number, signal?: AbortSignal): Promise<TenantInfo[]> =>
  api.get('/corporateTenants', { params: { corporateId }, schema: Tenants, ...(signal ? { signal } : {}) });

export const getCorporateTenantsQueryOptions = (corporateId: number) =>
  queryOptions({
    queryKey: corporateKeys.tenants(corporateId),
    queryFn: ({ signal }) => getCorporateTenants(corporateId, signal),
  });

export const useCorporateTenants = (corporateId: number) => useQuery(getCorporateTenantsQueryOptions(corporateId));
