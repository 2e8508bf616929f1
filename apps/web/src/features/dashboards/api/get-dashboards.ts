import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntityType } from '@enviro/contracts/common';
import { DashboardList } from '@enviro/contracts/dashboards';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './query-keys';

/**
 * Dashboards the caller sees (GET /api/dashboards): in the tenant acted for, or with `industry`
 * those an industry the caller reads shares with all its users, read-only.
 */
export const getDashboards = (entityType: EntityType | undefined, industry: number | undefined, signal?: AbortSignal): Promise<DashboardList> =>
  api.get('/dashboards', { params: { entityType, tenantId: industry }, schema: DashboardList, ...(signal ? { signal } : {}) });

export const getDashboardsQueryOptions = (entityType?: EntityType, industry?: number) =>
  queryOptions({ queryKey: dashboardKeys.list(entityType, industry), queryFn: ({ signal }) => getDashboards(entityType, industry, signal) });

export const useDashboards = (entityType?: EntityType, industry?: number) => useQuery(getDashboardsQueryOptions(entityType, industry));
