import { queryOptions, useQuery } from '@tanstack/react-query';
import { ModbusReadings, type ModbusQuery } from '@enviro/contracts/devices/modbus';
import { api } from '@/lib/api-client';
import { deviceKeys } from './query-keys';

/**
 * GET /api/devices/{id}/modbus: a spectral analyser's readings by type and wavelength, in the
 * 15-minute slot of `time` or between `startTime` and `endTime`, of one `type` and `wavelength` when given.
 */
export const getModbusReadings = (id: number, query: ModbusQuery, signal?: AbortSignal): Promise<ModbusReadings> =>
  api.get(`/devices/${id}/modbus`, { params: query, schema: ModbusReadings, ...(signal ? { signal } : {}) });

/** The readings of the query, or nothing asked while it is null. */
export const useModbusReadings = (id: number, query: ModbusQuery | null) =>
  useQuery(
    queryOptions({
      queryKey: deviceKeys.modbus(id, query),
      queryFn: ({ signal }) => getModbusReadings(id, query!, signal),
      enabled: query !== null,
    }),
  );
