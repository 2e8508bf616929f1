import { queryOptions, useQuery } from '@tanstack/react-query';
import { ParamDataList, type ParamData } from '@enviro/contracts/devices';
import { api } from '@/lib/api-client';
import { deviceKeys } from './query-keys';

/** POST /api/devices/{id}/param/data: readings of the named parameters in [startTime, endTime). */
export const getParamData = (id: number, params: readonly string[], startTime: string, endTime: string, signal?: AbortSignal): Promise<ParamData[]> =>
  api.post(`/devices/${id}/param/data`, { body: { params, startTime, endTime }, schema: ParamDataList, ...(signal ? { signal } : {}) });

export const useParamData = (id: number, params: readonly string[], startTime: string, endTime: string) =>
  useQuery(
    queryOptions({
      queryKey: deviceKeys.paramData(id, params, startTime, endTime),
      queryFn: ({ signal }) => getParamData(id, params, startTime, endTime, signal),
      enabled: params.length > 0,
    }),
  );
