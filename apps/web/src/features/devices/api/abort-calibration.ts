import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Calibration } from '@enviro/contracts/devices/calibration';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { calibrationKeys } from './query-keys';

/** POST /api/abortCalibration/{id}: stops a running calibration; its readings stop being calibration data. */
export const abortCalibration = ({ id, reason }: { id: number; reason?: string }) =>
  api.post(`/abortCalibration/${id}`, { body: reason ? { reason } : {}, schema: Calibration });

export const useAbortCalibration = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: abortCalibration, onSuccess: () => refetchAfterWrite(client, { queryKey: calibrationKeys.all }) });
};
