import { queryOptions, useQuery } from '@tanstack/react-query';
import { BoardList, type BoardListQuery } from '@enviro/contracts/public-portal';
import { api } from '@/lib/api-client';
import { boardKeys } from './query-keys';

/** The boards the public portal lists, or those one industry reports to (GET /api/boards, open to all). */
export const getBoards = (query: BoardListQuery, signal?: AbortSignal): Promise<BoardList> =>
  api.get('/boards', { params: { ...query }, schema: BoardList, ...(signal ? { signal } : {}) });

export const getBoardsQueryOptions = (query: BoardListQuery) =>
  queryOptions({
    queryKey: boardKeys.list(query),
    queryFn: ({ signal }) => getBoards(query, signal),
    staleTime: 5 * 60_000,
  });

export const useBoards = (query: BoardListQuery, enabled = true) => useQuery({ ...getBoardsQueryOptions(query), enabled });
