import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { TrendResponse, type DataRequestBody, type TrendResult } from '@enviro/contracts/data/trend';
import { api } from '@/lib/api-client';
import { entityMetricKeys } from './query-keys';

/** A trend request as the client writes it (defaults filled in by the server). */
export type TrendRequest = z.input<typeof DataRequestBody>['request'];

/** Trends of stations' parameters (POST /api/data/entityMetric). */
export const getEntityMetric = (request: TrendRequest, signal?: AbortSignal): Promise<TrendResult[]> =>
  api.post('/data/entityMetric', { body: { request }, schema: TrendResponse, ...(signal ? { signal } : {}) });

export const getEntityMetricQueryOptions = (request: TrendRequest) =>
  queryOptions({
    queryKey: entityMetricKeys.request(request),
    queryFn: ({ signal }) => getEntityMetric(request, signal),
  });

export const useEntityMetric = (request: TrendRequest, enabled = true) =>
  useQuery({ ...getEntityMetricQueryOptions(request), enabled });
