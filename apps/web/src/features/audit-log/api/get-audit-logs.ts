import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AuditLogPage } from '@enviro/contracts/audit-log';
import { api } from '@/lib/api-client';
import { auditLogKeys } from './query-keys';

export interface AuditLogParams {
  tenantId?: number | undefined;
  /** Only one row's changes, e.g. 'tenant:12'. */
  entity?: string | undefined;
  page: number;
  size: number;
}

/** GET /api/auditLogs: recorded changes, newest first. */
export const getAuditLogs = (params: AuditLogParams, signal?: AbortSignal): Promise<AuditLogPage> =>
  api.get('/auditLogs', { params: { ...params }, schema: AuditLogPage, ...(signal ? { signal } : {}) });

export const getAuditLogsQueryOptions = (params: AuditLogParams) =>
  queryOptions({
    queryKey: auditLogKeys.list(params),
    queryFn: ({ signal }) => getAuditLogs(params, signal),
    placeholderData: keepPreviousData,
    // Every admin write adds entries: show them on each visit.
    staleTime: 0,
  });

export const useAuditLogs = (params: AuditLogParams) => useQuery(getAuditLogsQueryOptions(params));
