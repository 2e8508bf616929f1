import { queryOptions, useQuery } from '@tanstack/react-query';
import { QualityOverview, type QualityOverviewQuery } from '@enviro/contracts/data-quality';
import { api } from '@/lib/api-client';
import { dataQualityKeys } from './query-keys';

/** GET /api/data-quality/overview: the stations the user reads (or one industry's), scored over the last whole days, worst first. */
export const getQualityOverview = (query: Partial<QualityOverviewQuery>, signal?: AbortSignal): Promise<QualityOverview> =>
  api.get('/data-quality/overview', { params: query, schema: QualityOverview, ...(signal ? { signal } : {}) });

export const getQualityOverviewQueryOptions = (query: Partial<QualityOverviewQuery>) =>
  queryOptions({
    queryKey: dataQualityKeys.overview(query),
    queryFn: ({ signal }) => getQualityOverview(query, signal),
    // Whole days only: the scores move when the worker judges late data, at most.
    staleTime: 5 * 60_000,
  });

export const useQualityOverview = (query: Partial<QualityOverviewQuery>) => useQuery(getQualityOverviewQueryOptions(query));
