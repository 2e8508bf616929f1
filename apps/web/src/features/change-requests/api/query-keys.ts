import type { ChangeRequestStatus, CrType } from '@enviro/contracts/change-requests';

const ROOT = ['change-requests'] as const;

/** The list's query as the screen sends it (GET /api/changeRequest). */
export interface ChangeRequestListQuery {
  page: number;
  size: number;
  sort: 'createdAt' | 'from' | 'status' | 'industry';
  order: 'asc' | 'desc';
  crType?: CrType;
  status?: ChangeRequestStatus;
  tenantId?: number;
}

/** Change requests: any write refetches `all` (lists, the request, its history). */
export const changeRequestKeys = {
  all: ROOT,
  list: (query: ChangeRequestListQuery) => [...ROOT, 'list', query] as const,
  detail: (id: number) => [...ROOT, 'detail', id] as const,
  history: (id: number) => [...ROOT, 'history', id] as const,
};
