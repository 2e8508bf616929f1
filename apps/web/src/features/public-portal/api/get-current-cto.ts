import { useQuery } from '@tanstack/react-query';
import { CurrentCto } from '@enviro/contracts/consents';
import { api, withSignal } from '@/lib/api-client';
import { currentCtoKeys } from './query-keys';

/** GET /api/station/{id}/current-cto: the station's CTO in force, or the day its newest expired. */
export const useCurrentCto = (stationId: number) =>
  useQuery({ queryKey: currentCtoKeys.station(stationId), queryFn: ({ signal }) => api.get(`/station/${stationId}/current-cto`, { schema: CurrentCto, ...withSignal(signal) }) });
