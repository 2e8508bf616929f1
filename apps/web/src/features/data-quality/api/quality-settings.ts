import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QualitySettings, type QualitySettingsUpdate } from '@enviro/contracts/data-quality';
import { api, withSignal } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { dataQualityKeys } from './query-keys';

/** GET /api/data-quality/stations/:id/settings: each parameter's detector defaults and own settings. */
export const getQualitySettingsQueryOptions = (stationId: number) =>
  queryOptions({
    queryKey: dataQualityKeys.settings(stationId),
    queryFn: ({ signal }) => api.get(`/data-quality/stations/${stationId}/settings`, { schema: QualitySettings, ...withSignal(signal) }),
  });

export const useQualitySettings = (stationId: number) => useQuery(getQualitySettingsQueryOptions(stationId));

/** PUT /api/data-quality/stations/:id/settings: one parameter's settings set or cleared; its days are judged again. */
export function useSaveQualitySettings(stationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QualitySettingsUpdate) => api.put(`/data-quality/stations/${stationId}/settings`, { body: input, schema: QualitySettings }),
    // The verdicts move once the worker has judged the days again: scores and flags are read afresh.
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: dataQualityKeys.all }),
  });
}
