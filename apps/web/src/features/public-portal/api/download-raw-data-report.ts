import { useMutation } from '@tanstack/react-query';
import type { RawDataReportRequest } from '@enviro/contracts/reports';
import { api, type Download } from '@/lib/api-client';

/** Every reading of stations in a range as CSV, PDF or XLS (POST /api/raw-data-report). */
export const downloadRawDataReport = (request: RawDataReportRequest): Promise<Download> =>
  api.download('/raw-data-report', { body: request });

export const useDownloadRawDataReport = () => useMutation({ mutationFn: downloadRawDataReport });
