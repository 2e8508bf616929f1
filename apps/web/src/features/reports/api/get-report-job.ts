import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportJob } from '@enviro/contracts/report-catalogue';
import { api } from '@/lib/api-client';
import { reportKeys } from './query-keys';

/** GET /api/report-jobs/{id}: status, percentage and rows so far; polled every second until done or failed. */
export const getReportJob = (id: number, signal?: AbortSignal): Promise<ReportJob> => api.get(`/report-jobs/${id}`, { schema: ReportJob, ...(signal ? { signal } : {}) });
export const reportJobQuery = (id: number) =>
  queryOptions({
    queryKey: reportKeys.job(id),
    queryFn: ({ signal }) => getReportJob(id, signal),
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 1_000),
  });
export const useReportJob = (id: number | null) => useQuery({ ...reportJobQuery(id ?? 0), enabled: id !== null });
/** Where a finished job's file downloads (GET, the session cookie authenticates it). */
export const reportJobFileHref = (id: number) => `/api/report-jobs/${id}/file`;
