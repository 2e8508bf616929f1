import { queryOptions, useQuery } from '@tanstack/react-query';
import { Dashboard } from '@enviro/contracts/dashboards';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** One dashboard with its widgets (GET /api/dashboards/{id}). */
export const getDashboard = (id: number, signal?: AbortSignal): Promise<Dashboard> =>
  api.get(`/dashboards/${id}`, { schema: Dashboard, ...(signal ? { signal } : {}) });

export const getDashboardQueryOptions = (id: number) =>
  queryOptions({ queryKey: dashboardKeys.detail(id), queryFn: ({ signal }) => getDashboard(id, signal) });

export const useDashboard = (id: number) => useQuery(getDashboardQueryOptions(id));
