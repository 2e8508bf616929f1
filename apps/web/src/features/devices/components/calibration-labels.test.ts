import { describe, expect, it } from 'vitest';
import { devicesOf, formatDuration, mayCalibrate, pointsFor } from './calibration-labels';

describe('calibration labels', () => {
  it('formats durations', () => {
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(720)).toBe('12 min');
    expect(formatDuration(3900)).toBe('1 h 05 min');
  });

  it('lets administrators, partners and site staff but support calibrate', () => {
    expect(mayCalibrate({ userType: 'tenant', role: 'admin' })).toBe(true);
    expect(mayCalibrate({ userType: 'tenant', role: 'user' })).toBe(false);
    expect(mayCalibrate({ userType: 'site', role: 'operations' })).toBe(true);
    expect(mayCalibrate({ userType: 'site', role: 'support' })).toBe(false);
    expect(mayCalibrate({ userType: 'statutory', role: 'admin' })).toBe(false);
  });

  it('builds the points of each type', () => {
    expect(pointsFor('SPAN', 400)).toEqual([{ kind: 'SPAN', expected: 400 }]);
    expect(pointsFor('MULTIPOINT', 400).map((p) => p.expected)).toEqual([0, 200, 400]);
  });

  it('lists each device once', () => {
    const row = { deviceId: 2, deviceName: 'SO2 analyser', entityName: 'Stack 1' } as never;
    expect(devicesOf([row, row])).toEqual([{ value: '2', label: 'SO2 analyser · Stack 1' }]);
  });
});
