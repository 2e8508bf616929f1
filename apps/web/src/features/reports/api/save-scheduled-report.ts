import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReportSchedule, type CreateReportSchedule } from '@enviro/contracts/report-catalogue';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { notifyInfo } from '@/lib/notify';
import { refetchAfterWrite } from '@/lib/query-client';
import { reportKeys } from './query-keys';

/** POST /api/scheduled-reports. */
export const createScheduledReport = (body: z.input<typeof CreateReportSchedule>): Promise<ReportSchedule> =>
  api.post('/scheduled-reports', { body, schema: ReportSchedule });
/** DELETE /api/scheduled-reports/{id}. */
export const deleteScheduledReport = (id: number) => api.delete(`/scheduled-reports/${id}`);

export function useCreateScheduledReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScheduledReport,
    onSuccess: (s) => {
      notifyInfo(`Report "${s.name}" scheduled.`);
      return refetchAfterWrite(queryClient, { queryKey: reportKeys.schedules() });
    },
  });
}

export function useDeleteScheduledReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; name: string }) => deleteScheduledReport(id),
    onSuccess: (_, { name }) => {
      notifyInfo(`Scheduled report "${name}" deleted.`);
      return refetchAfterWrite(queryClient, { queryKey: reportKeys.schedules() });
    },
  });
}
