import { queryOptions, useQuery } from '@tanstack/react-query';
import { CalibrationStats } from '@enviro/contracts/devices/calibration';
import { api } from '@/lib/api-client';
import { calibrationKeys } from './query-keys';

/** GET /api/calibrationStats: figures over the caller's tenants (a board: its industries). */
export const getCalibrationStats = (tenantId: number | undefined, signal?: AbortSignal) =>
  api.get('/calibrationStats', { params: { tenantId }, schema: CalibrationStats, ...(signal ? { signal } : {}) });

export const getCalibrationStatsQueryOptions = (tenantId: number | undefined) =>
  queryOptions({ queryKey: calibrationKeys.stats(tenantId), queryFn: ({ signal }) => getCalibrationStats(tenantId, signal) });

export const useCalibrationStats = (tenantId: number | undefined) => useQuery(getCalibrationStatsQueryOptions(tenantId));
