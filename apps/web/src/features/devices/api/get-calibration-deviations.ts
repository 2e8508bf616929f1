import { queryOptions, useQuery } from '@tanstack/react-query';
import { CalibrationDeviations } from '@enviro/contracts/devices/calibration';
import { api } from '@/lib/api-client';
import { calibrationKeys } from './query-keys';

const PATHS = { ZERO: 'PercentageOfDeviationOfZeroCalibartion', SPAN: 'PercentageOfDeviationOfSpanCalibartion' } as const;

/** GET /api/PercentageOfDeviationOf{Zero,Span}Calibartion/{deviceId} (SPEC 7 spelling): deviation per parameter over the last year. */
export const getCalibrationDeviations = (deviceId: number, type: 'ZERO' | 'SPAN', signal?: AbortSignal) =>
  api.get(`/${PATHS[type]}/${deviceId}`, { schema: CalibrationDeviations, ...(signal ? { signal } : {}) });

export const getCalibrationDeviationsQueryOptions = (deviceId: number, type: 'ZERO' | 'SPAN') =>
  queryOptions({ queryKey: calibrationKeys.deviations(deviceId, type), queryFn: ({ signal }) => getCalibrationDeviations(deviceId, type, signal) });

export const useCalibrationDeviations = (deviceId: number, type: 'ZERO' | 'SPAN') => useQuery(getCalibrationDeviationsQueryOptions(deviceId, type));
