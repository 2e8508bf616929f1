import { queryOptions, useQuery } from '@tanstack/react-query';
import { AirQualityOverview } from '@enviro/contracts/data/air-quality';
import { api } from '@/lib/api-client';
import { airQualityKeys } from './query-keys';

/** GET /api/air-quality: the CAAQMS stations the user reads (or one industry's) with their NAQI now and for 30 days. */
export const getAirQuality = (industry: number | undefined, signal?: AbortSignal): Promise<AirQualityOverview> =>
  api.get('/air-quality', { params: { tenantId: industry }, schema: AirQualityOverview, ...(signal ? { signal } : {}) });

export const getAirQualityQueryOptions = (industry?: number) =>
  queryOptions({
    queryKey: airQualityKeys.view(industry),
    queryFn: ({ signal }) => getAirQuality(industry, signal),
    // The index moves once an hour, the strips once a day.
    staleTime: 5 * 60_000,
  });

export const useAirQuality = (industry?: number) => useQuery(getAirQualityQueryOptions(industry));
