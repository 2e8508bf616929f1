import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CorporatePage } from '@enviro/contracts/corporates';
import { api } from '@/lib/api-client';
import { corporateKeys } from './query-keys';

export interface CorporatePageParams {
  searchString?: string | undefined;
  page: number;
  size: number;
  sort: string;
  order: 'asc' | 'desc';
}

/** GET /api/corporates/page: one page of the corporates the caller may see. */
export const getCorporatePage = (params: CorporatePageParams, signal?: AbortSignal): Promise<CorporatePage> =>
  api.get('/corporates/page', { params: { ...params }, schema: CorporatePage, ...(signal ? { signal } : {}) });

export const getCorporatePageQueryOptions = (params: CorporatePageParams) =>
  queryOptions({
    queryKey: corporateKeys.page(params),
    queryFn: ({ signal }) => getCorporatePage(params, signal),
    placeholderData: keepPreviousData,
  });

export const useCorporatePage = (params: CorporatePageParams) => useQuery(getCorporatePageQueryOptions(params));
