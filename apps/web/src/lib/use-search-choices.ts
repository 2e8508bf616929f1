import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The page's query string and a way to write choices into it: a value sets its key, null removes
 * it. A choice replaces the history entry and keeps the scroll, so back leaves the page instead of
 * stepping through every pick.
 */
export function useSearchChoices() {
  const [search, setSearch] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch(
        (p) => {
          for (const [k, v] of Object.entries(changes)) {
            if (v) p.set(k, v);
            else p.delete(k);
          }
          return p;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setSearch],
  );
  return [search, update] as const;
}
