/**
 * CPCB's National Air Quality Index (REGULATORY.md "National Air Quality Index"): sub-indices from
 * 24-hour averages (8-hour for CO and O3), each needing enough valid hours; the AQI is the largest
 * sub-index, given only from at least 3 pollutants of which one is PM2.5 or PM10; the pollutant
 * giving it is the prominent pollutant. Pure: the data module feeds it hourly averages.
 *
 * The breakpoint table is data (`AQI_POLLUTANTS`), so an official text that differs is a change of
 * numbers, not of code.
 */

/** The pollutants of the index, by the standard parameter names of the catalogue. */
export const AQI_POLLUTANT_NAMES = ['pm10', 'pm2_5', 'no2', 'so2', 'co', 'o3', 'nh3', 'pb'] as const;
export type AqiPollutant = (typeof AQI_POLLUTANT_NAMES)[number];

/** Category names of the index, from best to worst. */
export const AQI_CATEGORIES = ['Good', 'Satisfactory', 'Moderate', 'Poor', 'Very Poor', 'Severe'] as const;
export type AqiCategory = (typeof AQI_CATEGORIES)[number];

/** The index range of each category: Good 0–50, Satisfactory 51–100, ... Severe 401–500. */
export const AQI_INDEX_BANDS: readonly (readonly [number, number])[] = [
  [0, 50],
  [51, 100],
  [101, 200],
  [201, 300],
  [301, 400],
  [401, 500],
];

/** CPCB's colours of the categories (dark green, light green, yellow, orange, red, maroon). */
export const AQI_COLOURS: Record<AqiCategory, string> = {
  Good: '#00b050',
  Satisfactory: '#92d050',
  Moderate: '#ffff00',
  Poor: '#ff9900',
  'Very Poor': '#ff0000',
  Severe: '#c00000',
};

/** How a pollutant enters the index. */
export interface AqiPollutantRule {
  label: string;
  /** The unit of its breakpoints: µg/m3, except CO in mg/m3. */
  unit: 'ug/m3' | 'mg/m3';
  /** Hours its concentration averages over: 24, or 8 for CO and O3. */
  averagingHours: 24 | 8;
  /**
   * The concentration range of each category, Good to Severe, as REGULATORY.md's table gives them
   * (PM2.5 Good 0–30, Satisfactory 31–60, ...). The table leaves Severe open ("> 250"); where it
   * reaches 500 follows CPCB's AQI calculator sheet, and concentrations beyond count as 500.
   */
  bands: readonly (readonly [number, number])[];
}

export const AQI_POLLUTANTS: Record<AqiPollutant, AqiPollutantRule> = {
  // prettier-ignore
  pm10: { label: 'PM10', unit: 'ug/m3', averagingHours: 24, bands: [[0, 50], [51, 100], [101, 250], [251, 350], [351, 430], [431, 510]] },
  // prettier-ignore
  pm2_5: { label: 'PM2.5', unit: 'ug/m3', averagingHours: 24, bands: [[0, 30], [31, 60], [61, 90], [91, 120], [121, 250], [251, 380]] },
  // prettier-ignore
  no2: { label: 'NO2', unit: 'ug/m3', averagingHours: 24, bands: [[0, 40], [41, 80], [81, 180], [181, 280], [281, 400], [401, 520]] },
  // prettier-ignore
  so2: { label: 'SO2', unit: 'ug/m3', averagingHours: 24, bands: [[0, 40], [41, 80], [81, 380], [381, 800], [801, 1600], [1601, 2400]] },
  // prettier-ignore
  co: { label: 'CO', unit: 'mg/m3', averagingHours: 8, bands: [[0, 1], [1.1, 2], [2.1, 10], [10.1, 17], [17.1, 34], [34.1, 51]] },
  // prettier-ignore
  o3: { label: 'O3', unit: 'ug/m3', averagingHours: 8, bands: [[0, 50], [51, 100], [101, 168], [169, 208], [209, 748], [749, 1000]] },
  // prettier-ignore
  nh3: { label: 'NH3', unit: 'ug/m3', averagingHours: 24, bands: [[0, 200], [201, 400], [401, 800], [801, 1200], [1201, 1800], [1801, 2400]] },
  // prettier-ignore
  pb: { label: 'Pb', unit: 'ug/m3', averagingHours: 24, bands: [[0, 0.5], [0.51, 1], [1.1, 2], [2.1, 3], [3.1, 3.5], [3.51, 4]] },
};

/** A 24-hour average needs at least this many valid hours (REGULATORY.md). */
export const MIN_VALID_HOURS_24 = 16;
/** An 8-hour average needs the same share of its hours, rounded up: 6 of 8. */
export const MIN_VALID_HOURS_8 = Math.ceil((8 * MIN_VALID_HOURS_24) / 24);
/** The AQI is computed only from at least this many sub-indices... */
export const MIN_POLLUTANTS = 3;
/** ...of which one is of these pollutants. */
export const PARTICULATES: readonly AqiPollutant[] = ['pm2_5', 'pm10'];

export function isAqiPollutant(name: string): name is AqiPollutant {
  return (AQI_POLLUTANT_NAMES as readonly string[]).includes(name);
}

export function minValidHours(pollutant: AqiPollutant): number {
  return AQI_POLLUTANTS[pollutant].averagingHours === 8 ? MIN_VALID_HOURS_8 : MIN_VALID_HOURS_24;
}

/**
 * The sub-index of a concentration (in the pollutant's unit), by CPCB's formula within its band:
 * I = I_lo + (I_hi − I_lo) × (C − B_lo) / (B_hi − B_lo), rounded to a whole number. A
 * concentration between two bands of the table (PM2.5 30.5, between 30 and 31) belongs to the
 * upper one, at its lowest index, so the category always follows the table's concentrations; 500
 * beyond the last band. Null for a negative or non-finite concentration.
 */
export function subIndex(pollutant: AqiPollutant, concentration: number): number | null {
  if (!Number.isFinite(concentration) || concentration < 0) return null;
  const bands = AQI_POLLUTANTS[pollutant].bands;
  for (let i = 0; i < bands.length; i++) {
    const [low, high] = bands[i]!;
    if (concentration > high) continue;
    const [indexLow, indexHigh] = AQI_INDEX_BANDS[i]!;
    const c = Math.max(concentration, low);
    return Math.round(indexLow + ((indexHigh - indexLow) * (c - low)) / (high - low));
  }
  return 500;
}

/** The category of a (whole) index value: Good up to 50, Satisfactory up to 100, ... Severe above 400. */
export function aqiCategory(index: number): AqiCategory {
  const i = AQI_INDEX_BANDS.findIndex(([, high]) => index <= high);
  return AQI_CATEGORIES[i < 0 ? AQI_CATEGORIES.length - 1 : i]!;
}

/** The concentration a pollutant's sub-index is computed from, and the valid hours behind it. */
export interface AveragedConcentration {
  value: number;
  validHours: number;
}

/**
 * The mean of the valid hours (non-null values) among the last `averagingHours` of `hourly` (oldest
 * first, ending with the hour that ends at the time asked for), or null with fewer valid hours than
 * the rule needs.
 */
export function averageAtEnd(pollutant: AqiPollutant, hourly: readonly (number | null)[]): AveragedConcentration | null {
  const hours = AQI_POLLUTANTS[pollutant].averagingHours;
  return average(hourly.slice(Math.max(0, hourly.length - hours)), minValidHours(pollutant));
}

/**
 * A calendar day's concentration. `hourly` holds the day's 24 hours, preceded for CO and O3 by the
 * 7 hours before it (so `hourly.length` is 24 or 31; missing hours are null). 24-hour pollutants
 * average the day's valid hours; CO and O3 take the largest 8-hour running average ending within
 * the day, as CPCB's daily index does.
 */
export function dailyConcentration(pollutant: AqiPollutant, hourly: readonly (number | null)[]): AveragedConcentration | null {
  const hours = AQI_POLLUTANTS[pollutant].averagingHours;
  const need = minValidHours(pollutant);
  if (hours === 24) return average(hourly.slice(-24), need);
  let best: AveragedConcentration | null = null;
  for (let end = Math.max(hours, hourly.length - 24 + 1); end <= hourly.length; end++) {
    const a = average(hourly.slice(end - hours, end), need);
    if (a && (!best || a.value > best.value)) best = a;
  }
  return best;
}

function average(values: readonly (number | null)[], need: number): AveragedConcentration | null {
  let sum = 0;
  let validHours = 0;
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    sum += v;
    validHours++;
  }
  return validHours >= need ? { value: sum / validHours, validHours } : null;
}

/** One pollutant's part of an index. */
export interface AqiSubIndex {
  pollutant: AqiPollutant;
  concentration: number;
  subIndex: number;
}

/** Why no index could be given. */
export type AqiMissing = 'too-few-pollutants' | 'no-particulate';

export type AqiResult =
  | {
      aqi: number;
      category: AqiCategory;
      colour: string;
      /** The pollutants giving the index (several when they tie). */
      prominent: AqiPollutant[];
      subIndices: AqiSubIndex[];
      missing: null;
    }
  | { aqi: null; category: null; colour: null; prominent: []; subIndices: AqiSubIndex[]; missing: AqiMissing };

/**
 * The index from averaged concentrations (null or absent where a pollutant has too few valid hours):
 * the largest sub-index when at least 3 pollutants count and one of them is PM2.5 or PM10.
 */
export function nationalAqi(concentrations: Partial<Record<AqiPollutant, number | null>>): AqiResult {
  const subIndices: AqiSubIndex[] = [];
  for (const pollutant of AQI_POLLUTANT_NAMES) {
    const c = concentrations[pollutant];
    if (c === null || c === undefined) continue;
    const s = subIndex(pollutant, c);
    if (s !== null) subIndices.push({ pollutant, concentration: c, subIndex: s });
  }
  if (subIndices.length < MIN_POLLUTANTS) return { aqi: null, category: null, colour: null, prominent: [], subIndices, missing: 'too-few-pollutants' };
  if (!subIndices.some((s) => PARTICULATES.includes(s.pollutant))) {
    return { aqi: null, category: null, colour: null, prominent: [], subIndices, missing: 'no-particulate' };
  }
  const aqi = Math.max(...subIndices.map((s) => s.subIndex));
  const category = aqiCategory(aqi);
  return {
    aqi,
    category,
    colour: AQI_COLOURS[category],
    prominent: subIndices.filter((s) => s.subIndex === aqi).map((s) => s.pollutant),
    subIndices,
    missing: null,
  };
}
