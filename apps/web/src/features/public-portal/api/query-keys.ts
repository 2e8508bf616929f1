import type { BoardListQuery } from '@enviro/contracts/public-portal';
import type { AlertCountsInput } from './get-alert-counts';

const BOARDS = ['boards'] as const;
const INDUSTRY_LIST = ['industry-list'] as const;
const ALERT_COUNTS = ['alert-counts'] as const;

/** The boards on the home page. */
export const boardKeys = {
  all: BOARDS,
  list: (query: BoardListQuery) => [...BOARDS, query] as const,
};

/** A board's industries. */
export const industryListKeys = {
  all: INDUSTRY_LIST,
  board: (boardId: number) => [...INDUSTRY_LIST, boardId] as const,
};

/** An industry's alert counts; auto-refresh refetches `all`. */
export const alertCountKeys = {
  all: ALERT_COUNTS,
  request: (input: AlertCountsInput) => [...ALERT_COUNTS, input] as const,
};

/** A station's CTO in force. */
export const currentCtoKeys = {
  station: (stationId: number) => ['current-cto', stationId] as const,
};
