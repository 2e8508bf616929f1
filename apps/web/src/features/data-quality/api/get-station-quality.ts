import { queryOptions, useQuery } from '@tanstack/react-query';
import { QualityStation, type QualityStationQuery } from '@enviro/contracts/data-quality';
import { api } from '@/lib/api-client';
import { dataQualityKeys } from './query-keys';

/** GET /api/data-quality/stations/:id: a station's daily scores and its slots that are not valid. */
export const getStationQuality = (id: number, query: QualityStationQuery, signal?: AbortSignal): Promise<QualityStation> =>
  api.get(`/data-quality/stations/${id}`, { params: query, schema: QualityStation, ...(signal ? { signal } : {}) });

export const getStationQualityQueryOptions = (id: number, query: QualityStationQuery) =>
  queryOptions({
    queryKey: dataQualityKeys.station(id, query),
    queryFn: ({ signal }) => getStationQuality(id, query, signal),
    staleTime: 5 * 60_000,
  });

export const useStationQuality = (id: number, query: QualityStationQuery) => useQuery(getStationQualityQueryOptions(id, query));
