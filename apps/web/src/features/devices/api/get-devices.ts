import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DevicePage, type DeviceLiveStatus } from '@enviro/contracts/devices';
import { api } from '@/lib/api-client';
import { deviceKeys } from './query-keys';

export interface DeviceListParams {
  search?: string | undefined;
  status?: DeviceLiveStatus | undefined;
  deleted?: boolean | undefined;
  page: number;
  size: number;
}

/** GET /api/devices: one page of the fleet. */
export const getDevices = (params: DeviceListParams, signal?: AbortSignal): Promise<DevicePage> =>
  api.get('/devices', {
    params: { search: params.search, status: params.status, deleted: params.deleted ? 'true' : undefined, page: params.page, size: params.size },
    schema: DevicePage,
    ...(signal ? { signal } : {}),
  });

export const getDevicesQueryOptions = (params: DeviceListParams) =>
  queryOptions({ queryKey: deviceKeys.page(params), queryFn: ({ signal }) => getDevices(params, signal), placeholderData: keepPreviousData });

export const useDevices = (params: DeviceListParams) => useQuery(getDevicesQueryOptions(params));
