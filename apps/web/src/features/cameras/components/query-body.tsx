import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed, Loading } from '@/components/status/load-state';

/** A query's data through `children`, or the spinner, or what failed with a way to ask again. */
export function QueryBody<T>({ query, what, children }: { query: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <LoadFailed what={what} onRetry={() => void query.refetch()} />;
  return <Loading />;
}
