import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { PageState } from './paged-table';

export type ListParamChanges = Record<string, string | number | null | undefined>;

/**
 * A server-side list's filters, page and sort, kept in the URL query so back and refresh keep
 * them. Changing anything but the page goes back to the first page; sorting by the sorted column
 * flips its direction.
 */
export function useListParams(defaults: { sort: string; order?: 'asc' | 'desc'; size?: number }) {
  const [params, setParams] = useSearchParams();

  const pageState: PageState = useMemo(
    () => ({
      page: Math.max(0, Number(params.get('page') ?? 0) || 0),
      size: Math.max(1, Number(params.get('size') ?? defaults.size ?? 20) || 20),
      sort: params.get('sort') ?? defaults.sort,
      order: params.get('order') === 'desc' ? 'desc' : params.get('order') === 'asc' ? 'asc' : (defaults.order ?? 'asc'),
    }),
    [params, defaults.sort, defaults.order, defaults.size],
  );

  const update = useCallback(
    (changes: ListParamChanges) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === null || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      }),
    [setParams],
  );

  const filter = (key: string): string | undefined => params.get(key) ?? undefined;
  const setPage = (page: number) => update({ page: page === 0 ? null : page });
  const setSort = (sort: string) =>
    update({ sort, order: sort === pageState.sort && pageState.order === 'asc' ? 'desc' : 'asc' });

  return { ...pageState, filter, update, setPage, setSort };
}
