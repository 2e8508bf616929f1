import { queryOptions, useQuery } from '@tanstack/react-query';
import { GroundWaterStations } from '@enviro/contracts/compliance/ground-water';
import { api, withSignal } from '@/lib/api-client';
import { complianceKeys } from './query-keys';

/** GET /api/groundWaterStations: the ground-water stations the user reads, their meters and CGWA's two readings a day. */
export const getGroundWaterStations = (days: number, signal?: AbortSignal): Promise<GroundWaterStations> =>
  api.get('/groundWaterStations', { params: { days }, schema: GroundWaterStations, ...withSignal(signal) });

export const getGroundWaterStationsQueryOptions = (days: number) =>
  queryOptions({ queryKey: complianceKeys.groundWater(days), queryFn: ({ signal }) => getGroundWaterStations(days, signal) });

export const useGroundWaterStations = (days: number) => useQuery(getGroundWaterStationsQueryOptions(days));
