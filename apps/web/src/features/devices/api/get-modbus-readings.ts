import { queryOptions, useQuery } from '@tanstack/react-query';
import { ModbusReadings } from '@enviro/contracts/devices/modbus';
import { api } from '@/lib/api-client';
import { deviceKeys } from './query-keys';

/** GET /api/devices/{id}/modbus?time=: a spectral analyser's readings by type and wavelength in the 15-minute slot of `time`. */
export const getModbusReadings = (id: number, time: string, signal?: AbortSignal): Promise<ModbusReadings> =>
  api.get(`/devices/${id}/modbus`, { params: { time }, schema: ModbusReadings, ...(signal ? { signal } : {}) });

export const useModbusReadings = (id: number, time: string | null) =>
  useQuery(
    queryOptions({
      queryKey: deviceKeys.modbus(id, time),
      queryFn: ({ signal }) => getModbusReadings(id, time!, signal),
      enabled: time !== null,
    }),
  );
