import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { OversightOverview } from '@enviro/contracts/oversight';
import { api } from '@/lib/api-client';
import { oversightKeys } from './query-keys';

export interface OversightParams {
  search?: string | undefined;
  page: number;
  size: number;
}

/** GET /api/oversight: the industries the user reads with their figures, worst first. */
export const getOversight = (params: OversightParams, signal?: AbortSignal): Promise<OversightOverview> =>
  api.get('/oversight', { params: { ...params }, schema: OversightOverview, ...(signal ? { signal } : {}) });

export const getOversightQueryOptions = (params: OversightParams) =>
  queryOptions({
    queryKey: oversightKeys.page(params),
    queryFn: ({ signal }) => getOversight(params, signal),
    placeholderData: keepPreviousData,
    // Live figures: a minute old at most (the page also refreshes with the dashboard's auto-refresh).
    refetchInterval: 60_000,
  });

export const useOversight = (params: OversightParams) => useQuery(getOversightQueryOptions(params));
