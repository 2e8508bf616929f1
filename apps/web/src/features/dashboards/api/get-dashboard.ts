import { queryOptions, useQuery } from '@tanstack/react-query';
import { Dashboard } from '@enviro/contracts/dashboards';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** One dashboard with its widgets (GET /api/dashboards/{id}); with `industry`, one of that industry's, read-only. */
export const getDashboard = (id: number, industry: number | undefined, signal?: AbortSignal): Promise<Dashboard> =>
  api.get(`/dashboards/${id}`, { params: { tenantId: industry }, schema: Dashboard, ...(signal ? { signal } : {}) });

export const getDashboardQueryOptions = (id: number, industry?: number) =>
  queryOptions({ queryKey: dashboardKeys.detail(id, industry), queryFn: ({ signal }) => getDashboard(id, industry, signal) });

export const useDashboard = (id: number, industry?: number) => useQuery(getDashboardQueryOptions(id, industry));
