import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AlertPage, type AlertListRequest } from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';
import { alertKeys } from './query-keys';

/** POST /api/alerts: alerts of the industries the caller reads, filtered, newest start first. */
export const getAlerts = (request: AlertListRequest, signal?: AbortSignal): Promise<AlertPage> =>
  api.post('/alerts', { body: request, schema: AlertPage, ...(signal ? { signal } : {}) });

export const getAlertsQueryOptions = (request: AlertListRequest) =>
  queryOptions({
    queryKey: alertKeys.list(request),
    queryFn: ({ signal }) => getAlerts(request, signal),
    placeholderData: keepPreviousData,
    // Alerts open and clear by themselves: show the current state on each visit.
    staleTime: 0,
  });

export const useAlerts = (request: AlertListRequest) => useQuery(getAlertsQueryOptions(request));
