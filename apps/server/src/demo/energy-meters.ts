/** The demo plant's energy meters (issue 31): which station measures what, and its register's profile. */
import type { EnergyProfile } from './energy-register.ts';
import type { SignalShape } from './signal.ts';

const load = (kw: number, o: Partial<Extract<EnergyProfile, { kind: 'load' }>> = {}): EnergyProfile => ({ kind: 'load', kw, daily: 0.1, peakHour: 14, swing: 0.03, ...o });
export const SOLAR: EnergyProfile = { kind: 'solar', kwp: 1000 };
export const DG: EnergyProfile = { kind: 'dg', kw: 1200 };

export interface DemoMeter {
  serial: string;
  name: string;
  type: 'Energy Meter' | 'inverter';
  role: 'SUB' | 'GENERATION';
  source?: 'SOLAR' | 'DG';
  ratedKw: number;
  profile: EnergyProfile;
}

/** The six feeders of the cement plant, its rooftop solar and its DG set (kW at their daily mean). */
export const FEEDERS: DemoMeter[] = [
  { serial: 'DEMO-EM-RAWMILL', name: 'Raw Mill Feeder', type: 'Energy Meter', role: 'SUB', ratedKw: 5000, profile: load(3200, { swing: 0.09 }) },
  { serial: 'DEMO-EM-KILN', name: 'Kiln & Pyro Feeder', type: 'Energy Meter', role: 'SUB', ratedKw: 4000, profile: load(2800, { daily: 0.03, swing: 0.05 }) },
  { serial: 'DEMO-EM-CEMENTMILL', name: 'Cement Mill Feeder', type: 'Energy Meter', role: 'SUB', ratedKw: 6000, profile: load(4200, { swing: 0.1, resets: true }) },
  { serial: 'DEMO-EM-COALMILL', name: 'Coal Mill Feeder', type: 'Energy Meter', role: 'SUB', ratedKw: 1500, profile: load(900, { swing: 0.06 }) },
  { serial: 'DEMO-EM-PACKING', name: 'Packing Plant Feeder', type: 'Energy Meter', role: 'SUB', ratedKw: 800, profile: load(450, { daily: 0.4, peakHour: 11, swing: 0.08 }) },
  { serial: 'DEMO-EM-UTILITIES', name: 'Utilities & Colony Feeder', type: 'Energy Meter', role: 'SUB', ratedKw: 600, profile: load(350, { daily: 0.3, peakHour: 20 }) },
];
export const GENERATION: DemoMeter[] = [
  { serial: 'DEMO-EM-SOLAR', name: 'Rooftop Solar 1 MWp', type: 'inverter', role: 'GENERATION', source: 'SOLAR', ratedKw: 1000, profile: SOLAR },
  { serial: 'DEMO-EM-DG', name: 'DG Set 1500 kVA', type: 'Energy Meter', role: 'GENERATION', source: 'DG', ratedKw: 1200, profile: DG },
];
export const MAIN_SERIAL = 'DEMO-EM-MAIN';
/** The main incomer's tariff meter counts MWh (multiplier 1000). */
export const MAIN: EnergyProfile = { kind: 'main', loads: FEEDERS.map((f) => f.profile), solar: SOLAR, dg: DG, losses: 1.04, perUnit: 1000 };
export const MAIN_STATION = 'Main Incomer 132 kV';

/** The register's profile of a demo energy meter by its serial (the live feed continues it). */
export function energyProfileOf(serial: string): EnergyProfile | undefined {
  if (serial === MAIN_SERIAL) return MAIN;
  return [...FEEDERS, ...GENERATION].find((m) => m.serial === serial)?.profile;
}

/** The signal shape of a register: the profile does the work; 3 decimals (1 kWh of MWh) for the main meter. */
export function registerShape(profile: EnergyProfile): SignalShape {
  return { base: 0, daily: 0, peakHour: 0, wander: 0, noise: 0, decimals: profile.kind === 'main' ? 3 : 1, spread: 0, energy: profile };
}

