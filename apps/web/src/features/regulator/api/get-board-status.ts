import { queryOptions, useQuery } from '@tanstack/react-query';
import { RegulatorBoardStatus } from '@enviro/contracts/regulator';
import { api, withSignal } from '@/lib/api-client';
import { regulatorKeys } from './query-keys';

/** GET /api/regulatorStatus/board/{boardId}: the sync of every industry associated with a board. */
export const getBoardStatus = (boardId: number, signal?: AbortSignal): Promise<RegulatorBoardStatus> =>
  api.get(`/regulatorStatus/board/${boardId}`, { schema: RegulatorBoardStatus, ...withSignal(signal) });

export const getBoardStatusQueryOptions = (boardId: number) =>
  queryOptions({ queryKey: regulatorKeys.board(boardId), queryFn: ({ signal }) => getBoardStatus(boardId, signal), refetchInterval: 60_000 });

export const useBoardStatus = (boardId: number | null) =>
  useQuery({ ...getBoardStatusQueryOptions(boardId ?? 0), enabled: boardId !== null });
