import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityType } from '@enviro/contracts/common';
import { DashboardList } from '@enviro/contracts/dashboards';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/** Dashboards the caller sees in the tenant acted for (GET /api/dashboards). */
export const getDashboards = (entityType: EntityType | undefined, signal?: AbortSignal): Promise<DashboardList> =>
  api.get('/dashboards', { params: { entityType }, schema: DashboardList, ...(signal ? { signal } : {}) });

export const getDashboardsQueryOptions = (entityType?: EntityType) =>
  queryOptions({ queryKey: dashboardKeys.list(entityType), queryFn: ({ signal }) => getDashboards(entityType, signal) });

export const useDashboards = (entityType?: EntityType) => useQuery(getDashboardsQueryOptions(entityType));
