import { describe, expect, it } from 'vitest';
import { normalizeUnit, unitConversion } from './unit-conversion.ts';

const convert = (param: string, from: string, to: string, value: number) => {
  const c = unitConversion(param, from, to);
  return c && value * c.factor + c.offset;
};

describe('unitConversion', () => {
  it.each([
    ['pm', 'mg/Nm3', 'mg/nm³', 5, 5],
    ['flow', 'l/s', 'm3/hr', 10, 36],
    ['flow', 'm3/s', 'm3/hr', 2, 7200],
    ['flow', 'm3/hr', 'l/s', 36, 10],
    ['kwh', 'MWh', 'kWh', 1.5, 1500],
    ['kw', 'W', 'kW', 2500, 2.5],
    ['ash_quantity', 'kg', 't', 500, 0.5],
    ['temperature', 'F', '°C', 212, 100],
    ['temperature', 'K', '°C', 273.15, 0],
    ['temperature', '°C', 'degF', 100, 212],
    // SO2: 64.066 g/mol over 22.414 l/mol at normal conditions.
    ['so2', 'ppm', 'mg/Nm3', 22.414, 64.066],
    ['so2', 'mg/Nm3', 'ppm', 64.066, 22.414],
    // NO2 in ambient air: 46.0055 g/mol over 24.45 l/mol at 25 °C, ppb to µg/m3.
    ['no2', 'ppb', 'µg/m3', 24.45, 46.0055],
    // Lead: continuous metals monitors report ng/m3, the index's breakpoints are in µg/m3.
    ['pb', 'ng/m3', 'µg/m3', 2500, 2.5],
  ])('%s: %s to %s', (param, from, to, value, expected) => {
    expect(convert(param, from, to, value)).toBeCloseTo(expected, 9);
  });

  it.each([
    ['pm', 'ppm', 'mg/Nm3'],
    ['flow', 'm3/hr', 'kWh'],
    ['ph', 'mV', ''],
    ['so2', 'ppm', 'mg/l'],
  ])('%s: knows no conversion from %j to %j', (param, from, to) => {
    expect(unitConversion(param, from, to)).toBeUndefined();
  });

  it('compares units without case, spaces, degree signs or superscripts', () => {
    expect(['MG / Nm³', 'µg/m3', '°C', 'degC'].map(normalizeUnit)).toEqual(['mg/nm3', 'ug/m3', 'c', 'c']);
  });
});
