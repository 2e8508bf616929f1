import { queryOptions, useQuery } from '@tanstack/react-query';
import { ParamLimitList, type LimitRequest, type ParamLimit } from '@enviro/contracts/entities';
import { api } from '@/lib/api-client';
import { alertLimitKeys } from './query-keys';

/** Alert limits of stations' parameters (POST /api/alertlimit). */
export const getAlertLimits = (request: LimitRequest, signal?: AbortSignal): Promise<ParamLimit[]> =>
  api.post('/alertlimit', { body: request, schema: ParamLimitList, ...(signal ? { signal } : {}) });

export const getAlertLimitsQueryOptions = (request: LimitRequest) =>
  queryOptions({
    queryKey: alertLimitKeys.request(request),
    queryFn: ({ signal }) => getAlertLimits(request, signal),
    staleTime: 5 * 60_000,
  });

export const useAlertLimits = (request: LimitRequest, enabled = true) =>
  useQuery({ ...getAlertLimitsQueryOptions(request), enabled });
