import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Calibration, type FinishCalibration } from '@enviro/contracts/devices/calibration';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { calibrationKeys } from './query-keys';

/** POST /api/calibrate/{id}: finishes a running calibration with what the analyser read. */
export const finishCalibration = ({ id, body }: { id: number; body: FinishCalibration }) => api.post(`/calibrate/${id}`, { body, schema: Calibration });

export const useFinishCalibration = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: finishCalibration, onSuccess: () => refetchAfterWrite(client, { queryKey: calibrationKeys.all }) });
};
