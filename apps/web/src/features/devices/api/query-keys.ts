import type { ModbusQuery } from '@enviro/contracts/devices/modbus';
import type { CalibrationScope } from './get-calibration-data';
import type { CalibrationListParams } from './get-calibrations';
import type { DeviceListParams } from './get-devices';

const DEVICES = ['devices'] as const;
const CALIBRATION = ['calibration'] as const;

/** The fleet: every device write refetches `all`. */
export const deviceKeys = {
  all: DEVICES,
  page: (params: DeviceListParams) => [...DEVICES, 'page', params] as const,
  detail: (id: number) => [...DEVICES, 'detail', id] as const,
  availability: (id: number, startDate: string, endDate: string) => [...DEVICES, 'availability', id, startDate, endDate] as const,
  modbus: (id: number, query: ModbusQuery | null) => [...DEVICES, 'modbus', id, query] as const,
  paramData: (id: number, params: readonly string[], startTime: string, endTime: string) => [...DEVICES, 'paramData', id, params, startTime, endTime] as const,
};

/** Calibration: starting, finishing or aborting one, or changing the schedules, refetches `all`. */
export const calibrationKeys = {
  all: CALIBRATION,
  stats: (tenantId: number | undefined) => [...CALIBRATION, 'stats', tenantId ?? null] as const,
  data: (scope: CalibrationScope) => [...CALIBRATION, 'data', scope] as const,
  maintenance: (scope: CalibrationScope) => [...CALIBRATION, 'maintenance', scope] as const,
  list: (params: CalibrationListParams) => [...CALIBRATION, 'list', params] as const,
  deviations: (deviceId: number, type: 'ZERO' | 'SPAN') => [...CALIBRATION, 'deviations', deviceId, type] as const,
  inProgress: (deviceId: number) => [...CALIBRATION, 'in-progress', deviceId] as const,
  schedules: (tenantId: number) => [...CALIBRATION, 'schedules', tenantId] as const,
};

/** Makes with their models, one catalogue: adding either refetches `all`. */
export const makeKeys = {
  all: ['makes'] as const,
};
