import { queryOptions, useQuery } from '@tanstack/react-query';
import { RegulatorTenantStatus } from '@enviro/contracts/regulator';
import { api, withSignal } from '@/lib/api-client';
import { regulatorKeys } from './query-keys';

/** GET /api/regulatorStatus/{tenantId}: SPEC 4 sync of the industry per connection and station. */
export const getTenantStatus = (tenantId: number, signal?: AbortSignal): Promise<RegulatorTenantStatus> =>
  api.get(`/regulatorStatus/${tenantId}`, { schema: RegulatorTenantStatus, ...withSignal(signal) });

export const getTenantStatusQueryOptions = (tenantId: number) =>
  // Records go out every 15 minutes: a minute's refresh shows an accepted slot soon enough.
  queryOptions({ queryKey: regulatorKeys.status(tenantId), queryFn: ({ signal }) => getTenantStatus(tenantId, signal), refetchInterval: 60_000 });

export const useTenantStatus = (tenantId: number) => useQuery(getTenantStatusQueryOptions(tenantId));
