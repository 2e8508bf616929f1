import { queryOptions, useQuery } from '@tanstack/react-query';
import { CalibrationDueList } from '@enviro/contracts/devices/calibration';
import { api } from '@/lib/api-client';
import { calibrationKeys } from './query-keys';

export interface CalibrationScope {
  tenantId?: number | undefined;
  deviceId?: number | undefined;
}

/** GET /api/calibrationData: every scheduled check of the devices in scope, with its due date and state. */
export const getCalibrationData = (scope: CalibrationScope, signal?: AbortSignal) =>
  api.get('/calibrationData', { params: { ...scope }, schema: CalibrationDueList, ...(signal ? { signal } : {}) });

export const getCalibrationDataQueryOptions = (scope: CalibrationScope) =>
  queryOptions({ queryKey: calibrationKeys.data(scope), queryFn: ({ signal }) => getCalibrationData(scope, signal) });

export const useCalibrationData = (scope: CalibrationScope) => useQuery(getCalibrationDataQueryOptions(scope));
