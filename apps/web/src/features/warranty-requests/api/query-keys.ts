import type { WarrantyStatus } from '@enviro/contracts/warranty-requests';

const ROOT = ['warranty-requests'] as const;

/** The list's query as the screen sends it (GET /api/warrantRequests). */
export interface WarrantyListQuery {
  page: number;
  size: number;
  status?: WarrantyStatus;
  overdue?: 'true';
}

/** Warranty requests: any write refetches `all`. */
export const warrantyKeys = {
  all: ROOT,
  list: (query: WarrantyListQuery) => [...ROOT, 'list', query] as const,
  detail: (id: number) => [...ROOT, 'detail', id] as const,
};
