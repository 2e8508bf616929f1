import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalibrationSchedules, type PutCalibrationSchedules } from '@enviro/contracts/devices/calibration';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { refetchAfterWrite } from '@/lib/query-client';
import { calibrationKeys } from './query-keys';

/** GET /api/calibrationSchedules: the rules in force for a tenant's parameters, its own or the protocol's. */
export const getCalibrationSchedules = (tenantId: number, signal?: AbortSignal) =>
  api.get('/calibrationSchedules', { params: { tenantId }, schema: CalibrationSchedules, ...(signal ? { signal } : {}) });

export const getCalibrationSchedulesQueryOptions = (tenantId: number) =>
  queryOptions({ queryKey: calibrationKeys.schedules(tenantId), queryFn: ({ signal }) => getCalibrationSchedules(tenantId, signal) });

export const useCalibrationSchedules = (tenantId: number) => useQuery(getCalibrationSchedulesQueryOptions(tenantId));

/** PUT /api/calibrationSchedules: the tenant's own rules replace those it had (audited). Due dates move with them. */
export const putCalibrationSchedules = (body: z.input<typeof PutCalibrationSchedules>) => api.put('/calibrationSchedules', { body, schema: CalibrationSchedules });

export const usePutCalibrationSchedules = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: putCalibrationSchedules, onSuccess: () => refetchAfterWrite(client, { queryKey: calibrationKeys.all }) });
};
