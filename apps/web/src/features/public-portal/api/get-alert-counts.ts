import { queryOptions, useQuery } from '@tanstack/react-query';
import { AlertCounts, type AlertCountRequest } from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';
import { alertCountKeys } from './query-keys';

export interface AlertCountsInput {
  tenantId: number;
  /** true: per parameter; false: per interval bucket. */
  byParameter: boolean;
  request: AlertCountRequest;
}

/** Alert counts of a tenant or one of its stations (POST /api/tenants/{tenantId}/alertData). */
export const getAlertCounts = ({ tenantId, byParameter, request }: AlertCountsInput, signal?: AbortSignal): Promise<AlertCounts> =>
  api.post(`/tenants/${tenantId}/alertData`, {
    params: { isGroupByParameter: byParameter },
    body: request,
    schema: AlertCounts,
    ...(signal ? { signal } : {}),
  });

export const getAlertCountsQueryOptions = (input: AlertCountsInput) =>
  queryOptions({
    queryKey: alertCountKeys.request(input),
    queryFn: ({ signal }) => getAlertCounts(input, signal),
  });

export const useAlertCounts = (input: AlertCountsInput) => useQuery(getAlertCountsQueryOptions(input));
