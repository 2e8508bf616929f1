import { useMutation } from '@tanstack/react-query';
import { ReportJob, type CreateReportJob } from '@enviro/contracts/report-catalogue';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** POST /api/report-jobs: queue a report; the page then polls its progress. */
export const createReportJob = (body: z.input<typeof CreateReportJob>): Promise<ReportJob> => api.post('/report-jobs', { body, schema: ReportJob });
export const useCreateReportJob = () => useMutation({ mutationFn: createReportJob });
