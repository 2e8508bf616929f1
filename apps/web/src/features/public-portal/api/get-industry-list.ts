import { queryOptions, useQuery } from '@tanstack/react-query';
import { IndustryList } from '@enviro/contracts/public-portal';
import { api } from '@/lib/api-client';
import { industryListKeys } from './query-keys';

/** The public industries of a statutory body (GET /api/stateDashboard/industyList/{id}). */
export const getIndustryList = (boardId: number, signal?: AbortSignal): Promise<IndustryList> =>
  api.get(`/stateDashboard/industyList/${boardId}`, { schema: IndustryList, ...(signal ? { signal } : {}) });

export const getIndustryListQueryOptions = (boardId: number) =>
  queryOptions({
    queryKey: industryListKeys.board(boardId),
    queryFn: ({ signal }) => getIndustryList(boardId, signal),
  });

export const useIndustryList = (boardId: number) => useQuery(getIndustryListQueryOptions(boardId));
