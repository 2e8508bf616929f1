import { queryOptions, useQuery } from '@tanstack/react-query';
import { AqiResponse, type AqiRequest } from '@enviro/contracts/data/aqi';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { aqiKeys } from './query-keys';

export type AqiQuery = z.input<typeof AqiRequest>;

/** POST /api/data/aqi: a CAAQMS station's National AQI now and per day. */
export const getAqi = (request: AqiQuery, signal?: AbortSignal): Promise<AqiResponse> =>
  api.post('/data/aqi', { body: { request }, schema: AqiResponse, ...(signal ? { signal } : {}) });

export const getAqiQueryOptions = (request: AqiQuery) =>
  queryOptions({
    queryKey: aqiKeys.request(request),
    queryFn: ({ signal }) => getAqi(request, signal),
    // The index moves once an hour; the day cells once a day.
    staleTime: 5 * 60_000,
  });

export const useAqi = (request: AqiQuery, enabled = true) => useQuery({ ...getAqiQueryOptions(request), enabled });
