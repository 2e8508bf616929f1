import { queryOptions, useQuery } from '@tanstack/react-query';
import { TenantLiveStatus } from '@enviro/contracts/tenants';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { tenantKeys } from './query-keys';

const LiveStatuses = z.array(TenantLiveStatus);

/** GET /api/getTenantsLiveStatus: per tenant of the caller's, stations by live status. */
export const getTenantsLiveStatus = (signal?: AbortSignal): Promise<TenantLiveStatus[]> =>
  api.get('/getTenantsLiveStatus', { schema: LiveStatuses, ...(signal ? { signal } : {}) });

export const getTenantsLiveStatusQueryOptions = () =>
  queryOptions({ queryKey: tenantKeys.liveStatus(), queryFn: ({ signal }) => getTenantsLiveStatus(signal) });

export const useTenantsLiveStatus = () => useQuery(getTenantsLiveStatusQueryOptions());
