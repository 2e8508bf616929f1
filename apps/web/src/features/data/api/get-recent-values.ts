import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { RecentResponse, type RecentRequestBody, type RecentValue } from '@enviro/contracts/data/recent';
import { api } from '@/lib/api-client';
import { recentValueKeys } from './query-keys';

export type RecentRequest = z.input<typeof RecentRequestBody>['request'];

/** The last reading of each parameter of the stations within `backscan` hours (POST /api/data/recent/metric). */
export const getRecentValues = (request: RecentRequest, signal?: AbortSignal): Promise<RecentValue[]> =>
  api.post('/data/recent/metric', { body: { request }, schema: RecentResponse, ...(signal ? { signal } : {}) });

export const getRecentValuesQueryOptions = (request: RecentRequest) =>
  queryOptions({
    queryKey: recentValueKeys.request(request),
    queryFn: ({ signal }) => getRecentValues(request, signal),
  });

export const useRecentValues = (request: RecentRequest, enabled = true) => useQuery({ ...getRecentValuesQueryOptions(request), enabled });
