import { createContext, useContext } from 'react';

/**
 * The industry whose dashboard is open read-only (a board's, a partner's, a corporate's), or
 * undefined for the tenant acted for: its widgets ask for that industry's stations only, where a
 * station type alone would otherwise reach every industry the user reads.
 */
export const BoardIndustry = createContext<number | undefined>(undefined);

export const useBoardIndustry = () => useContext(BoardIndustry);

/** The `industry` of a dashboards URL: a tenant id, or undefined when absent or no id. */
export function industryOf(search: URLSearchParams): number | undefined {
  const id = Number(search.get('industry'));
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
