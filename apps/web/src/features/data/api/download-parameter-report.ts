import { useMutation } from '@tanstack/react-query';
import type { ParameterReportRequest } from '@enviro/contracts/reports';
import { api, type Download } from '@/lib/api-client';

export interface ParameterReportInput {
  tenantId: number;
  request: ParameterReportRequest;
}

/** One parameter across stations, averaged, as CSV, PDF or XLS (POST /api/public-parameter-report/{tenantId}). */
export const downloadParameterReport = ({ tenantId, request }: ParameterReportInput): Promise<Download> =>
  api.download(`/public-parameter-report/${tenantId}`, { body: request });

export const useDownloadParameterReport = () => useMutation({ mutationFn: downloadParameterReport });
