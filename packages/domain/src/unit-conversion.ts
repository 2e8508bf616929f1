/** A value in the target unit is `value * factor + offset`. */
export interface UnitConversion {
  factor: number;
  offset: number;
}

const SAME: UnitConversion = { factor: 1, offset: 0 };

/**
 * Units of one quantity, each with its size in the first unit listed. Only exact or defined factors:
 * a unit missing here has no conversion rather than a guessed one.
 */
const QUANTITIES: Record<string, number>[] = [
  // volume flow
  { 'm3/hr': 1, 'm3/h': 1, 'm3/min': 60, 'm3/s': 3600, 'm3/day': 1 / 24, 'm3/d': 1 / 24, 'l/s': 3.6, 'l/min': 0.06, 'l/hr': 0.001, 'l/h': 0.001, 'kl/hr': 1, 'kl/day': 1 / 24, mld: 1000 / 24 },
  // volume
  { m3: 1, kl: 1, l: 0.001, ml: 1e-6 },
  // energy
  { kwh: 1, wh: 0.001, mwh: 1000, gwh: 1e6 },
  // power
  { kw: 1, w: 0.001, mw: 1000 },
  // mass and mass flow
  { t: 1, tonne: 1, kg: 0.001, g: 1e-6 },
  { 't/hr': 1, 't/h': 1, 'kg/hr': 0.001, 'kg/h': 0.001, 'kg/s': 3.6 },
  // concentration in flue gas (normal m3), in water, in ambient air
  { 'mg/nm3': 1, 'g/nm3': 1000, 'ug/nm3': 0.001 },
  { 'mg/l': 1, 'g/l': 1000, 'ug/l': 0.001 },
  { 'ug/m3': 1, 'mg/m3': 1000, 'ng/m3': 0.001 },
  // length and speed
  { m: 1, cm: 0.01, mm: 0.001, km: 1000, ft: 0.3048 },
  { 'm/s': 1, 'km/h': 1 / 3.6, 'km/hr': 1 / 3.6 },
];

/** Temperatures: the affine ones, as conversions to °C. */
const TEMPERATURE: Record<string, UnitConversion> = {
  c: SAME,
  f: { factor: 5 / 9, offset: (-32 * 5) / 9 },
  k: { factor: 1, offset: -273.15 },
};

/** Molar masses (g/mol) of the gases reported in ppm or ppb; NOx as NO2, as emission norms count it. */
const MOLAR_MASS: Record<string, number> = {
  so2: 64.066,
  nox: 46.0055,
  no2: 46.0055,
  co: 28.01,
  hcl: 36.461,
  hf: 20.006,
  nh3: 17.031,
  o3: 47.997,
};

/** Litres per mole of an ideal gas at normal conditions (0 °C, 101.325 kPa), the Nm3 of stack limits. */
const NORMAL_MOLAR_VOLUME = 22.414;
/** Litres per mole at 25 °C and 101.325 kPa, the reference of ambient-air standards in µg/m3. */
const AMBIENT_MOLAR_VOLUME = 24.45;

/** Mixing ratios of a gas in mg/Nm3 (flue gas) or µg/m3 (ambient air) per ppm. */
function gasFactors(molarMass: number): Record<string, number>[] {
  const perPpmNormal = molarMass / NORMAL_MOLAR_VOLUME;
  const perPpmAmbient = (1000 * molarMass) / AMBIENT_MOLAR_VOLUME;
  return [
    { 'mg/nm3': 1, ppm: perPpmNormal, ppb: perPpmNormal / 1000, 'g/nm3': 1000, 'ug/nm3': 0.001 },
    { 'ug/m3': 1, ppm: perPpmAmbient, ppb: perPpmAmbient / 1000, 'mg/m3': 1000 },
  ];
}

/** Unit text as devices write it, compared without case, spaces, degree signs or superscripts. */
export function normalizeUnit(unit: string): string {
  return unit
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/³/g, '3')
    .replace(/[µμ]/g, 'u')
    .replace(/^(°|deg)(?=[cfk]$)/, '');
}

/**
 * How to convert a parameter's values from one unit to another: the same unit (ignoring case and
 * spelling as normalizeUnit does), a unit of the same quantity, or for a gas a mixing ratio (ppm,
 * ppb) to a mass concentration by its molar mass. Undefined when no conversion is known.
 */
export function unitConversion(param: string, from: string, to: string): UnitConversion | undefined {
  const [a, b] = [normalizeUnit(from), normalizeUnit(to)];
  if (a === b) return SAME;
  // pH has no unit; it is written '' by devices and 'pH' by regulators.
  if (param.toLowerCase() === 'ph' && ['', 'ph'].includes(a) && ['', 'ph'].includes(b)) return SAME;
  if (a in TEMPERATURE && b in TEMPERATURE) {
    const [x, y] = [TEMPERATURE[a]!, TEMPERATURE[b]!];
    // Into °C with x, out of it with the inverse of y.
    return { factor: x.factor / y.factor, offset: (x.offset - y.offset) / y.factor };
  }
  const molarMass = MOLAR_MASS[param.toLowerCase()];
  const tables = molarMass === undefined ? QUANTITIES : [...gasFactors(molarMass), ...QUANTITIES];
  for (const sizes of tables) {
    const [x, y] = [sizes[a], sizes[b]];
    if (x !== undefined && y !== undefined) return { factor: x / y, offset: 0 };
  }
  return undefined;
}
