import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportScheduleList, ReportScheduleRunList } from '@enviro/contracts/report-catalogue';
import { api } from '@/lib/api-client';
import { reportKeys } from './query-keys';

/** GET /api/scheduled-reports: schedules of the tenants the user reads. */
export const getScheduledReports = (signal?: AbortSignal): Promise<ReportScheduleList> =>
  api.get('/scheduled-reports', { schema: ReportScheduleList, ...(signal ? { signal } : {}) });
export const useScheduledReports = () => useQuery(queryOptions({ queryKey: reportKeys.schedules(), queryFn: ({ signal }) => getScheduledReports(signal) }));

/** GET /api/scheduled-reports/{id}/runs: the schedule's runs, newest period first. */
export const getScheduleRuns = (id: number, signal?: AbortSignal): Promise<ReportScheduleRunList> =>
  api.get(`/scheduled-reports/${id}/runs`, { schema: ReportScheduleRunList, ...(signal ? { signal } : {}) });
export const useScheduleRuns = (id: number) => useQuery(queryOptions({ queryKey: reportKeys.runs(id), queryFn: ({ signal }) => getScheduleRuns(id, signal) }));
