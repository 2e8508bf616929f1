import { queryOptions, useQuery } from '@tanstack/react-query';
import { InProgressCalibration } from '@enviro/contracts/devices/calibration';
import { api } from '@/lib/api-client';
import { calibrationKeys } from './query-keys';

/** How often the progress of a running calibration (and the device's live values) is asked again. */
export const PROGRESS_REFRESH_MS = 5000;

/** GET /api/inProgressCalibrate/{deviceId}: the calibration running on the device, if any, and its newest values. */
export const getInProgressCalibration = (deviceId: number, signal?: AbortSignal) =>
  api.get(`/inProgressCalibrate/${deviceId}`, { schema: InProgressCalibration, ...(signal ? { signal } : {}) });

export const getInProgressCalibrationQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: calibrationKeys.inProgress(deviceId),
    queryFn: ({ signal }) => getInProgressCalibration(deviceId, signal),
    refetchInterval: PROGRESS_REFRESH_MS,
  });

export const useInProgressCalibration = (deviceId: number) => useQuery(getInProgressCalibrationQueryOptions(deviceId));
