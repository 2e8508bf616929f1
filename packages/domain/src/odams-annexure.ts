import { normalizeUnit, unitConversion, type UnitConversion } from './unit-conversion.ts';

/**
 * The annexure of CPCB's "ODAMS RESTful API v1.0" (document version 1.5): the only parameter keys
 * (3.1) and unit keys (3.2) CPCB accepts, character for character (μ is the Greek mu U+03BC, ³ the
 * superscript three, ° the degree sign). Odd spellings (`flow back water`, `Nh3-n`, `cynide`) are
 * CPCB's own and are kept as printed.
 */
export const ODAMS_PARAMETER_KEYS: readonly string[] = [
  'acid_mist', 'ammonia', 'ammonical_nitrogen', 'ammonium', 'an', 'aox', 'arsenic', 'as', 'benzene', 'bod',
  'chlorine', 'chromium', 'cl', 'cl2', 'co', 'co2', 'cocl2', 'cod', 'color', 'conductivity', 'cr6', 'cs2',
  'cyanide', 'cynide', 'do', 'ec', 'flow back water', 'flow_emission', 'flow_inlet', 'flow_inlet_totalizer',
  'flow_totalizer', 'fluoride', 'fluoride_effluent', 'gas', 'h2o', 'h2s', 'hc', 'hcl', 'hcn', 'hf', 'hg',
  'inlet flow2', 'inlet flow2 totalizer', 'n03-n', 'Nh3-n', 'nh3_effluent', 'nh4', 'nh4-n', 'ni', 'no3', 'no3-n',
  'o2', 'o3', 'oil in water', 'oil_grease', 'opacity', 'ph', 'phenol', 'phosphates', 'phosphorous', 'pm',
  'pressure', 'primary_temperature', 'secondary_temperature', 'so2', 'so2_ppm', 'sox', 'sulphide', 'tc', 'tds',
  'temp_test', 'temperature', 'temperature_emission', 'thc', 'tn', 'toc', 'toc_effluent',
  'total hydrocarbon content(thc)', 'total_chromium', 'total_nitrogen', 'totalizer', 'tss', 'tvoc', 'vcm',
  'velocity', 'voc',
];

export const ODAMS_UNIT_KEYS: readonly string[] = [
  '%', '°C', '°F', 'cm', 'cm/s', 'cm³', 'F/m', 'g/m³', 'H/m', 'Hrs', 'Hz', 'Imperial gpm', 'inch', 'K', 'Kg/Hr',
  'kg/m³', 'km/hr', 'kmph', 'knm3/h', 'L', 'Lat-Lng', 'l/hr', 'l/min', 'l/s', 'm', 'm/s', 'm²', 'm³', 'm³/day',
  'm³/hr', 'm³/s', 'mbar', 'mg/L', 'mg/m³', 'mg/Nm³', 'mile', 'miles/hr', 'min', 'mm', 'Mole', 'mph', 'mS/cm',
  'Number', 'Pa', 'pH', 'ppb', 'ppm', 'ratio', 's', 'T/D', 'Text', 'ton/hr', 'TR', 'True False', 'uS/cm',
  'US gpm', 'μg/m³',
];

/** The annexure's key for a parameter key written another way (`SO2` → `so2`), or undefined. */
export function odamsParameterKey(code: string): string | undefined {
  const c = code.trim().toLowerCase();
  return ODAMS_PARAMETER_KEYS.find((k) => k.toLowerCase() === c);
}

/** The annexure's key for a unit written another way (`mg/Nm3` → `mg/Nm³`, `µg/m3` → `μg/m³`), or undefined. */
export function odamsUnitKey(unit: string): string | undefined {
  if (ODAMS_UNIT_KEYS.includes(unit)) return unit;
  const n = normalizeUnit(unit);
  // Exact spelling first, then the unit's meaning (`mg/l` is `mg/L`): normalizeUnit folds case,
  // which the annexure never uses to tell two units apart.
  return ODAMS_UNIT_KEYS.find((k) => normalizeUnit(k) === n);
}

/** The product's parameter names whose annexure key is not the name itself. */
const PARAMETER_KEY_OF_NAME: Record<string, string> = {
  flow: 'flow_emission',
  temperature: 'temperature_emission',
  totalizer: 'flow_totalizer',
  nh3: 'nh3_effluent',
};

/** A first guess at the annexure key of one of the product's parameters (`so2` → `so2`, `flow` → `flow_emission`). */
export function suggestOdamsParameterKey(name: string): string | undefined {
  return PARAMETER_KEY_OF_NAME[name] ?? odamsParameterKey(name);
}

/**
 * The annexure unit and the conversion into it of a parameter measured in `deviceUnit`, when the
 * mapping asks for `wanted` (empty: the device's own unit, spelled as the annexure does). Undefined
 * when the annexure has no such unit or the value cannot be converted into it.
 */
export function odamsUnit(param: string, deviceUnit: string, wanted: string): { unit: string; conversion: UnitConversion } | undefined {
  const unit = odamsUnitKey(wanted || deviceUnit || (param === 'ph' ? 'pH' : ''));
  if (!unit) return undefined;
  const conversion = unitConversion(param, deviceUnit, unit);
  return conversion ? { unit, conversion } : undefined;
}
