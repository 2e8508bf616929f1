import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Calibration, type StartCalibration } from '@enviro/contracts/devices/calibration';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { calibrationKeys } from './query-keys';

/**
 * POST /api/startCalibration as a multipart form: the JSON in the field `calibration` and the
 * certificate or report as the part `file`, so the file is not inflated to base64.
 */
export const startCalibration = ({ body, file }: { body: Omit<StartCalibration, 'file'>; file: File | null }) => {
  const form = new FormData();
  form.append('calibration', JSON.stringify(body));
  if (file) form.append('file', file, file.name);
  return api.post('/startCalibration', { body: form, schema: Calibration });
};

export const useStartCalibration = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: startCalibration, onSuccess: () => refetchAfterWrite(client, { queryKey: calibrationKeys.all }) });
};
