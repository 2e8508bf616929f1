import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { TrendResponse, type DataRequestBody, type TrendResult } from '@enviro/contracts/data/trend';
import { api } from '@/lib/api-client';

/** A trend request as the client writes it (defaults filled in by the server). */
export type TrendRequest = z.input<typeof DataRequestBody>['request'];

/** Trends of stations' parameters (POST /api/data/entityMetric). */
export const getEntityMetric = (request: TrendRequest, signal?: AbortSignal): Promise<TrendResult[]> =>
  api.post('/data/entityMetric', { body: { request }, schema: TrendResponse, ...(signal ? { signal } : {}) });

/**
 * Without the query's abort signal: a dashboard's answers are asked for as its URL opens
 * (prefetch-board.ts), and on first load the widgets' observers subscribe, unsubscribe and subscribe
 * again before the page settles (seen in Chromium: every prefetched request aborted about 100 ms
 * before the widgets asked for all of them again, 18 requests for 9 answers). Left running, an
 * answer lands in the cache and the widgets take it.
 */
export const getEntityMetricQueryOptions = (request: TrendRequest) =>
  queryOptions({
    queryKey: ['entity-metric', request],
    queryFn: () => getEntityMetric(request),
  });

export const useEntityMetric = (request: TrendRequest, enabled = true) =>
  useQuery({ ...getEntityMetricQueryOptions(request), enabled });
