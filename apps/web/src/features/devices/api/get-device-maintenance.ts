import { queryOptions, useQuery } from '@tanstack/react-query';
import { CalibrationDueList } from '@enviro/contracts/devices/calibration';
import { api } from '@/lib/api-client';
import type { CalibrationScope } from './get-calibration-data';
import { calibrationKeys } from './query-keys';

/** GET /api/actionable-task/device-maintenance: checks due within two days, overdue or never done. */
export const getDeviceMaintenance = (scope: CalibrationScope, signal?: AbortSignal) =>
  api.get('/actionable-task/device-maintenance', { params: { ...scope }, schema: CalibrationDueList, ...(signal ? { signal } : {}) });

export const getDeviceMaintenanceQueryOptions = (scope: CalibrationScope) =>
  queryOptions({ queryKey: calibrationKeys.maintenance(scope), queryFn: ({ signal }) => getDeviceMaintenance(scope, signal) });

export const useDeviceMaintenance = (scope: CalibrationScope) => useQuery(getDeviceMaintenanceQueryOptions(scope));
