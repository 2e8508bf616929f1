import { describe, expect, it } from 'vitest';
import { ODAMS_UNIT_KEYS, odamsParameterKey, odamsUnit, odamsUnitKey, suggestOdamsParameterKey } from './odams-annexure.ts';

describe('ODAMS annexure', () => {
  it('spells units as the annexure does, character for character', () => {
    expect(odamsUnitKey('mg/Nm3')).toBe('mg/Nm³');
    expect(odamsUnitKey('µg/m3')).toBe('μg/m³');
    expect(odamsUnitKey('μg/m³')).toBe('μg/m³');
    expect(odamsUnitKey('m3/hr')).toBe('m³/hr');
    expect(odamsUnitKey('mg/l')).toBe('mg/L');
    expect(odamsUnitKey('deg C')).toBe('°C');
    expect(odamsUnitKey('dBm')).toBeUndefined();
    // The Greek mu, not the micro sign.
    expect(ODAMS_UNIT_KEYS).toContain('\u03bcg/m\u00b3');
  });

  it('finds parameter keys whatever their case, and suggests keys for the product parameters', () => {
    expect(odamsParameterKey('SO2')).toBe('so2');
    expect(odamsParameterKey('nh3-n')).toBe('Nh3-n');
    expect(odamsParameterKey('PM10')).toBeUndefined();
    expect(suggestOdamsParameterKey('flow')).toBe('flow_emission');
    expect(suggestOdamsParameterKey('temperature')).toBe('temperature_emission');
    expect(suggestOdamsParameterKey('cod')).toBe('cod');
  });

  it('converts into the annexure unit or refuses', () => {
    expect(odamsUnit('so2', 'ppm', 'mg/Nm3')).toMatchObject({ unit: 'mg/Nm³' });
    expect(odamsUnit('so2', 'ppm', 'mg/Nm3')!.conversion.factor).toBeCloseTo(64.066 / 22.414, 6);
    expect(odamsUnit('pm', 'mg/Nm3', '')).toEqual({ unit: 'mg/Nm³', conversion: { factor: 1, offset: 0 } });
    expect(odamsUnit('ph', '', '')).toEqual({ unit: 'pH', conversion: { factor: 1, offset: 0 } });
    expect(odamsUnit('temperature', 'K', '°C')!.conversion.offset).toBeCloseTo(-273.15);
    expect(odamsUnit('device_voltage', 'V', '')).toBeUndefined();
    expect(odamsUnit('pm', 'mg/Nm3', 'furlongs')).toBeUndefined();
  });
});
