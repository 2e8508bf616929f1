import { QueryCache, QueryClient, type InvalidateQueryFilters } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A 4xx will not turn into a 2xx by asking again; an unreachable server or a 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // SPEC 8: failed fetches are only logged; each screen shows its own empty or error state.
    queryCache: new QueryCache({
      onError: (error, query) => console.warn(`request ${JSON.stringify(query.queryKey)} failed: ${error.message}`),
    }),
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry },
    },
  });
}

/**
 * Refetches what a write changed. `invalidateQueries` alone joins a fetch already in flight when its
 * query has no data yet (TanStack Query cancels only fetches of queries that have data), and that
 * fetch may have been answered before the write committed: a page opened beside a delete kept
 * listing the deleted dashboard. Cancelling first makes the refetch start after the write.
 */
export async function refetchAfterWrite(queryClient: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
