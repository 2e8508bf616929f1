import { queryOptions, useQuery } from '@tanstack/react-query';
import { ComplianceStats, CountStats, Stats } from '@enviro/contracts/compliance';
import { api, withSignal } from '@/lib/api-client';
import { complianceKeys } from './query-keys';

/** GET /api/stats: counts of tenants, industries, stations, devices and users. */
export const getStats = (signal?: AbortSignal): Promise<Stats> => api.get('/stats', { schema: Stats, ...withSignal(signal) });
export const useStats = () => useQuery(queryOptions({ queryKey: complianceKeys.stats('all'), queryFn: ({ signal }) => getStats(signal) }));

/** GET /api/tenantStats, /api/entityStats, /api/deviceStats: counts by status and by type. */
export type CountStatsPath = 'tenantStats' | 'entityStats' | 'deviceStats';
export const getCountStats = (path: CountStatsPath, signal?: AbortSignal): Promise<CountStats> =>
  api.get(`/${path}`, { schema: CountStats, ...withSignal(signal) });
export const useCountStats = (path: CountStatsPath) =>
  useQuery(queryOptions({ queryKey: complianceKeys.stats(path), queryFn: ({ signal }) => getCountStats(path, signal) }));

/** GET /api/complianceStats: this month's availability, within-limit share and exceedances. */
export const getComplianceStats = (signal?: AbortSignal): Promise<ComplianceStats> =>
  api.get('/complianceStats', { schema: ComplianceStats, ...withSignal(signal) });
export const useComplianceStats = () =>
  useQuery(queryOptions({ queryKey: complianceKeys.stats('compliance'), queryFn: ({ signal }) => getComplianceStats(signal) }));
