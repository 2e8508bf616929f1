import { useMutation } from '@tanstack/react-query';
import { ReportEmailed, type ReportRunRequest } from '@enviro/contracts/report-catalogue';
import { api } from '@/lib/api-client';
import { notifyInfo } from '@/lib/notify';

/** POST /api/reports/{id}?isemail=email: the report mailed as an attachment (to the caller unless `emails`). */
export const emailReport = ({ id, body }: { id: number; body: ReportRunRequest }): Promise<ReportEmailed> =>
  api.post(`/reports/${id}?isemail=email`, { body, schema: ReportEmailed });
export const useEmailReport = () =>
  useMutation({ mutationFn: emailReport, onSuccess: (r) => notifyInfo(`Report mailed to ${r.emailed.join(', ')}.`) });
