import { queryOptions, useQuery } from '@tanstack/react-query';
import { Timeline } from '@enviro/contracts/compliance';
import { api, withSignal } from '@/lib/api-client';
import { complianceKeys } from './query-keys';

export interface TimelineParams {
  tenantId: number;
  stationId?: number | undefined;
  period: string;
}

/** GET /api/complianceTimeline: exceedances, outages, calibrations and maintenance, newest first (100 at most). */
export const getTimeline = (params: TimelineParams, signal?: AbortSignal): Promise<Timeline> =>
  api.get('/complianceTimeline', { params: { ...params }, schema: Timeline, ...withSignal(signal) });

export const getTimelineQueryOptions = (params: TimelineParams) =>
  queryOptions({ queryKey: complianceKeys.timeline(params), queryFn: ({ signal }) => getTimeline(params, signal) });

export const useTimeline = (params: TimelineParams) => useQuery(getTimelineQueryOptions(params));
