import { queryOptions, useQuery } from '@tanstack/react-query';
import { IndustryList } from '@enviro/contracts/public-portal';
import { api } from '@/lib/api-client';

/** The public industries of a statutory body (GET /api/stateDashboard/industyList/{id}). */
export const getIndustryList = (boardId: number, signal?: AbortSignal): Promise<IndustryList> =>
  api.get(`/stateDashboard/industyList/${boardId}`, { schema: IndustryList, ...(signal ? { signal } : {}) });

export const getIndustryListQueryOptions = (boardId: number) =>
  queryOptions({
    queryKey: ['industry-list', boardId],
    queryFn: ({ signal }) => getIndustryList(boardId, signal),
  });

export const useIndustryList = (boardId: number) => useQuery(getIndustryListQueryOptions(boardId));
