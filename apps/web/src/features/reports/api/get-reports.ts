import { queryOptions, useQuery } from '@tanstack/react-query';
import { ReportCatalogue } from '@enviro/contracts/report-catalogue';
import { api } from '@/lib/api-client';
import { reportKeys } from './query-keys';

/** GET /api/reports: the reports offered to the signed-in user's kind of user. */
export const getReports = (signal?: AbortSignal): Promise<ReportCatalogue> => api.get('/reports', { schema: ReportCatalogue, ...(signal ? { signal } : {}) });
export const reportsQuery = () => queryOptions({ queryKey: reportKeys.catalogue(), queryFn: ({ signal }) => getReports(signal) });
export const useReports = () => useQuery(reportsQuery());
