import { queryOptions, useQuery } from '@tanstack/react-query';
import { DeviceDetail } from '@enviro/contracts/devices';
import { api } from '@/lib/api-client';
import { deviceKeys } from './query-keys';

/** GET /api/devices/{id}?params=true: the device with its parameters and mount history. */
export const getDevice = (id: number, signal?: AbortSignal): Promise<DeviceDetail> =>
  api.get(`/devices/${id}`, { params: { params: 'true' }, schema: DeviceDetail, ...(signal ? { signal } : {}) });

export const getDeviceQueryOptions = (id: number) => queryOptions({ queryKey: deviceKeys.detail(id), queryFn: ({ signal }) => getDevice(id, signal) });

export const useDevice = (id: number) => useQuery(getDeviceQueryOptions(id));
