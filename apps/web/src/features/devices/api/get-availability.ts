import { queryOptions, useQuery } from '@tanstack/react-query';
import { AvailabilityList } from '@enviro/contracts/devices';
import { api } from '@/lib/api-client';
import { deviceKeys } from './query-keys';

/** POST /api/devices/{id}/availability: per day, the share of 15-minute slots with data. */
export const getAvailability = (id: number, startDate: string, endDate: string, signal?: AbortSignal) =>
  api.post(`/devices/${id}/availability`, { body: { startDate, endDate }, schema: AvailabilityList, ...(signal ? { signal } : {}) });

export const useAvailability = (id: number, startDate: string, endDate: string) =>
  useQuery(queryOptions({ queryKey: deviceKeys.availability(id, startDate, endDate), queryFn: ({ signal }) => getAvailability(id, startDate, endDate, signal) }));
