import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { CalibrationPage } from '@enviro/contracts/devices/calibration';
import { api } from '@/lib/api-client';
import { calibrationKeys } from './query-keys';

export interface CalibrationListParams {
  deviceId?: number | undefined;
  status?: 'IN_PROGRESS' | 'COMPLETED' | 'ABORTED' | undefined;
  page: number;
  pageSize: number;
}

/** GET /api/calibrateList: calibrations newest first. */
export const getCalibrations = (params: CalibrationListParams, signal?: AbortSignal) =>
  api.get('/calibrateList', { params: { ...params }, schema: CalibrationPage, ...(signal ? { signal } : {}) });

export const getCalibrationsQueryOptions = (params: CalibrationListParams) =>
  queryOptions({ queryKey: calibrationKeys.list(params), queryFn: ({ signal }) => getCalibrations(params, signal), placeholderData: keepPreviousData });

export const useCalibrations = (params: CalibrationListParams) => useQuery(getCalibrationsQueryOptions(params));
