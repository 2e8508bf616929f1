import { queryOptions, useQuery } from '@tanstack/react-query';
import { AlertDetail } from '@enviro/contracts/alerts';
import { api } from '@/lib/api-client';
import { alertKeys } from './query-keys';

/** GET /api/alert/{id}: one alert with its transitions. */
export const getAlert = (id: number, signal?: AbortSignal): Promise<AlertDetail> =>
  api.get(`/alert/${id}`, { schema: AlertDetail, ...(signal ? { signal } : {}) });

export const getAlertQueryOptions = (id: number) =>
  queryOptions({ queryKey: alertKeys.detail(id), queryFn: ({ signal }) => getAlert(id, signal), staleTime: 0 });

export const useAlert = (id: number) => useQuery(getAlertQueryOptions(id));
