import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ReportIndustryList, ReportParamsList } from '@enviro/contracts/report-catalogue';
import { api } from '@/lib/api-client';
import { reportKeys } from './query-keys';

/** POST /api/report-industry: the industries the user may run the report for (a board: its industries). */
export const getReportIndustries = (reportId: number, signal?: AbortSignal): Promise<ReportIndustryList> =>
  api.post('/report-industry', { body: { reportId }, schema: ReportIndustryList, ...(signal ? { signal } : {}) });
export const useReportIndustries = (reportId: number) =>
  useQuery(queryOptions({ queryKey: reportKeys.industries(reportId), queryFn: ({ signal }) => getReportIndustries(reportId, signal), placeholderData: keepPreviousData }));

/** POST /api/report-params: an industry's stations and the parameters of the chosen ones. */
export const getReportParams = (tenantId: number, entityIds: readonly number[], signal?: AbortSignal): Promise<ReportParamsList> =>
  api.post('/report-params', { body: { tenantId, entityIds }, schema: ReportParamsList, ...(signal ? { signal } : {}) });
export const useReportParams = (tenantId: number | null, entityIds: readonly number[]) =>
  useQuery({
    ...queryOptions({ queryKey: reportKeys.params(tenantId ?? 0, entityIds), queryFn: ({ signal }) => getReportParams(tenantId!, entityIds, signal), placeholderData: keepPreviousData }),
    enabled: tenantId !== null,
  });
