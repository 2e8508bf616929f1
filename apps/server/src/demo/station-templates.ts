import type { EntityType } from '@enviro/contracts/common';
import type { SignalShape } from './signal.ts';

/** A parameter of a demo device: its unit and limits as provisioned, and how its signal moves. */
export interface DemoParam {
  name: string;
  unit?: string;
  min?: number;
  max?: number;
  shape: SignalShape;
}

/** What a kind of station carries: one analyser of a typical make with its parameters. */
export interface StationTemplate {
  make: string;
  model: string;
  params: DemoParam[];
}

/** The station types the demo builds. */
export type DemoStationType = Extract<EntityType, 'cems' | 'eqms' | 'caaqms' | 'ground water' | 'water' | 'Energy Meter' | 'Ash'>;

/** Process loads peak in the afternoon shift; ambient pollution peaks in the late evening. */
const PLANT_PEAK = 14;
const AMBIENT_PEAK = 21;

function shape(base: number, o: Partial<SignalShape> = {}): SignalShape {
  return { base, daily: 0.12, peakHour: PLANT_PEAK, wander: 0.08, noise: 0.04, decimals: 2, spread: 0.15, ...o };
}

/**
 * Limits follow CPCB norms (general standards for discharge and emissions, NAAQS 2009 for ambient
 * air); levels sit around half the limit so exceedances are events, not the rule.
 */
export const STATION_TEMPLATES: Record<DemoStationType, StationTemplate> = {
  cems: {
    make: 'Sick',
    model: 'MCS100E',
    params: [
      { name: 'pm', max: 50, shape: shape(24, { noise: 0.06 }) },
      { name: 'so2', max: 600, shape: shape(280, { decimals: 1 }) },
      { name: 'nox', max: 450, shape: shape(210, { decimals: 1 }) },
      { name: 'co', shape: shape(45, { noise: 0.08, decimals: 1 }) },
      { name: 'flow', unit: 'Nm3/hr', shape: shape(185_000, { daily: 0.08, noise: 0.015, decimals: 0 }) },
    ],
  },
  eqms: {
    make: 'Horiba',
    model: 'TX-One',
    params: [
      { name: 'ph', min: 6.5, max: 8.5, shape: shape(7.4, { daily: 0.02, wander: 0.02, noise: 0.005, spread: 0.03 }) },
      { name: 'bod', max: 30, shape: shape(14, { noise: 0.05 }) },
      { name: 'cod', max: 250, shape: shape(115, { noise: 0.05, decimals: 1 }) },
      { name: 'tss', max: 100, shape: shape(42, { noise: 0.06, decimals: 1 }) },
      { name: 'flow', shape: shape(65, { daily: 0.25, noise: 0.05, decimals: 1 }) },
    ],
  },
  caaqms: {
    make: 'Thermo Fisher',
    model: 'AQMS 5000',
    params: [
      { name: 'pm2_5', max: 60, shape: shape(28, { peakHour: AMBIENT_PEAK, daily: 0.25, wander: 0.12, noise: 0.05, decimals: 1 }) },
      { name: 'pm10', max: 100, shape: shape(52, { peakHour: AMBIENT_PEAK, daily: 0.25, wander: 0.12, noise: 0.05, decimals: 1 }) },
      { name: 'no2', max: 80, shape: shape(26, { peakHour: AMBIENT_PEAK, daily: 0.3, decimals: 1 }) },
      { name: 'so2', unit: 'µg/m3', max: 80, shape: shape(14, { decimals: 1 }) },
      { name: 'o3', max: 180, shape: shape(48, { peakHour: 15, daily: 0.45, decimals: 1 }) },
      { name: 'co', unit: 'mg/m3', max: 4, shape: shape(0.9, { peakHour: AMBIENT_PEAK, daily: 0.3 }) },
      { name: 'nh3', max: 400, shape: shape(32, { decimals: 1 }) },
    ],
  },
  // A borewell's digital flow meter with a water-level logger, as CGWA's NOC conditions ask for:
  // depth to water, the pump's flow, and the meter's cumulative volume and running hours.
  'ground water': {
    make: 'Aquaread',
    model: 'LeveLine',
    params: [
      { name: 'level', shape: shape(38.5, { daily: 0.01, wander: 0.005, noise: 0.001, spread: 0.3 }) },
      { name: 'flow', shape: shape(22, { noise: 0.04, decimals: 1, pump: 'flow' }) },
      { name: 'totalizer', shape: shape(0, { decimals: 1, pump: 'volume' }) },
      { name: 'pump_hours', shape: shape(0, { decimals: 2, pump: 'hours' }) },
    ],
  },
  water: {
    make: 'Endress+Hauser',
    model: 'Promag W 400',
    params: [
      { name: 'flow', shape: shape(140, { daily: 0.2, decimals: 1 }) },
      { name: 'tds', max: 2100, shape: shape(640, { wander: 0.05, noise: 0.02, decimals: 0 }) },
    ],
  },
  'Energy Meter': {
    make: 'Schneider Electric',
    model: 'PM5560',
    params: [
      { name: 'kwh', shape: shape(31, { daily: 0.18, noise: 0.03, decimals: 3 }) },
      { name: 'kw', shape: shape(1_860, { daily: 0.18, noise: 0.03, decimals: 1 }) },
      { name: 'pf', shape: shape(0.93, { daily: 0.01, wander: 0.01, noise: 0.004, decimals: 3, ceiling: 1, spread: 0.03 }) },
    ],
  },
  Ash: {
    make: 'Siemens',
    model: 'Milltronics BW500',
    params: [
      { name: 'ash_quantity', shape: shape(1.6, { daily: 0.15, noise: 0.08, decimals: 3 }) },
      { name: 'ash_utilisation', shape: shape(78, { daily: 0.02, wander: 0.06, noise: 0.01, decimals: 1, ceiling: 100, spread: 0.1 }) },
    ],
  },
};

/** A plain level for parameters no template describes: near half the upper limit when there is one. */
export function fallbackShape(max: number | undefined): SignalShape {
  return shape(max !== undefined ? max * 0.5 : 50);
}

/** The template parameter of a station type, if the demo knows it. */
export function templateParam(stationType: string, param: string): DemoParam | undefined {
  const template: StationTemplate | undefined = STATION_TEMPLATES[stationType as DemoStationType];
  return template?.params.find((p) => p.name === param);
}
