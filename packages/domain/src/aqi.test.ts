import { describe, expect, it } from 'vitest';
import {
  AQI_COLOURS,
  aqiCategory,
  averageAtEnd,
  dailyConcentration,
  nationalAqi,
  subIndex,
  type AqiCategory,
  type AqiPollutant,
} from './aqi.ts';

/**
 * REGULATORY.md's breakpoint table, written out again by hand (not read from AQI_POLLUTANTS):
 * each row's band edges as the table prints them, Good to Very poor, then where Severe starts.
 */
const TABLE: Record<AqiPollutant, { edges: [number, number][]; severeFrom: number }> = {
  pm2_5: { edges: [[0, 30], [31, 60], [61, 90], [91, 120], [121, 250]], severeFrom: 251 },
  pm10: { edges: [[0, 50], [51, 100], [101, 250], [251, 350], [351, 430]], severeFrom: 431 },
  no2: { edges: [[0, 40], [41, 80], [81, 180], [181, 280], [281, 400]], severeFrom: 401 },
  so2: { edges: [[0, 40], [41, 80], [81, 380], [381, 800], [801, 1600]], severeFrom: 1601 },
  co: { edges: [[0, 1.0], [1.1, 2.0], [2.1, 10], [10.1, 17], [17.1, 34]], severeFrom: 34.1 },
  o3: { edges: [[0, 50], [51, 100], [101, 168], [169, 208], [209, 748]], severeFrom: 749 },
  nh3: { edges: [[0, 200], [201, 400], [401, 800], [801, 1200], [1201, 1800]], severeFrom: 1801 },
  pb: { edges: [[0, 0.5], [0.51, 1.0], [1.1, 2.0], [2.1, 3.0], [3.1, 3.5]], severeFrom: 3.51 },
};
const INDEX: [number, number][] = [[0, 50], [51, 100], [101, 200], [201, 300], [301, 400]];
const CATEGORY: AqiCategory[] = ['Good', 'Satisfactory', 'Moderate', 'Poor', 'Very Poor'];

/** Every band edge of every row: its low edge gives the band's lowest index, its high edge its highest. */
const EDGE_CASES: [AqiPollutant, number, number, AqiCategory][] = Object.entries(TABLE).flatMap(([pollutant, row]) => [
  ...row.edges.flatMap(([low, high], band): [AqiPollutant, number, number, AqiCategory][] => [
    [pollutant as AqiPollutant, low, INDEX[band]![0], CATEGORY[band]!],
    [pollutant as AqiPollutant, high, INDEX[band]![1], CATEGORY[band]!],
  ]),
  [pollutant as AqiPollutant, row.severeFrom, 401, 'Severe'],
]);

describe('subIndex at every band edge of the breakpoint table', () => {
  it.each(EDGE_CASES)('%s at %d is %d (%s)', (pollutant, concentration, index, category) => {
    expect(subIndex(pollutant, concentration)).toBe(index);
    expect(aqiCategory(index)).toBe(category);
  });
});

describe('subIndex between and beyond bands', () => {
  it.each([
    // linear within a band: PM2.5 45 is halfway through Satisfactory's 31–60 → 51 + 49 × 14/29
    ['pm2_5', 45, Math.round(51 + (49 * 14) / 29)],
    ['pm10', 25, 25],
    ['co', 0.5, 25],
    // between two printed bands: the upper band's lowest index, so the category follows the table
    ['pm2_5', 30.5, 51],
    ['so2', 380.5, 201],
    ['nh3', 200.4, 51],
    ['co', 1.05, 51],
    ['pb', 0.505, 51],
    // Severe runs on to 500 and stays there
    ['pm2_5', 380, 500],
    ['pm2_5', 1000, 500],
    ['o3', 5000, 500],
  ] as [AqiPollutant, number, number][])('%s at %d is %d', (pollutant, concentration, index) => {
    expect(subIndex(pollutant, concentration)).toBe(index);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses %d', (concentration) => {
    expect(subIndex('pm10', concentration)).toBeNull();
  });
});

describe('aqiCategory', () => {
  it.each([
    [0, 'Good'],
    [50, 'Good'],
    [51, 'Satisfactory'],
    [100, 'Satisfactory'],
    [101, 'Moderate'],
    [200, 'Moderate'],
    [201, 'Poor'],
    [300, 'Poor'],
    [301, 'Very Poor'],
    [400, 'Very Poor'],
    [401, 'Severe'],
    [500, 'Severe'],
  ] as [number, AqiCategory][])('%d is %s', (index, category) => {
    expect(aqiCategory(index)).toBe(category);
  });
});

const hours = (n: number, value: number | null): (number | null)[] => Array.from({ length: n }, () => value);

describe('the valid-hours rule', () => {
  it.each([
    // 24-hour pollutants: 16 valid hours of the last 24
    ['pm10', [...hours(8, null), ...hours(16, 80)], 80, 16],
    ['pm10', [...hours(9, null), ...hours(15, 80)], null, 0],
    // only the last 24 hours count
    ['pm10', [...hours(10, 500), ...hours(24, 40)], 40, 24],
    // CO and O3: 6 valid hours of the last 8, whatever came before
    ['co', [...hours(20, 9), null, null, ...hours(6, 1.5)], 1.5, 6],
    ['o3', [...hours(20, 90), null, null, null, ...hours(5, 60)], null, 0],
  ] as [AqiPollutant, (number | null)[], number | null, number][])('%s over %j', (pollutant, hourly, value, validHours) => {
    const a = averageAtEnd(pollutant, hourly);
    expect(a === null ? null : a.value).toBe(value);
    if (a) expect(a.validHours).toBe(validHours);
  });

  it('averages only the valid hours', () => {
    expect(averageAtEnd('pm2_5', [...hours(4, null), ...hours(10, 20), ...hours(10, 40)])).toEqual({ value: 30, validHours: 20 });
  });
});

describe('dailyConcentration', () => {
  it("averages a 24-hour pollutant over the day's valid hours", () => {
    expect(dailyConcentration('no2', [...hours(12, 30), ...hours(4, 50), ...hours(8, null)])).toEqual({ value: 35, validHours: 16 });
    expect(dailyConcentration('no2', [...hours(15, 30), ...hours(9, null)])).toBeNull();
  });

  it('takes the largest 8-hour running average ending within the day for CO and O3', () => {
    // 7 hours of the evening before, then the day: a 4-hour peak at 100 from 12:00
    const day = [...hours(7, 20), ...hours(12, 20), ...hours(4, 100), ...hours(8, 20)];
    // the best 8-hour window holds the 4 peak hours and 4 others: (4 × 100 + 4 × 20) / 8 = 60
    expect(dailyConcentration('o3', day)).toEqual({ value: 60, validHours: 8 });
  });

  it('reads the hours before midnight into the first windows of the day', () => {
    // a high evening before and a clean day: the window ending at 01:00 holds 7 high hours
    const day = [...hours(7, 200), ...hours(24, 0)];
    expect(dailyConcentration('o3', day)!.value).toBe((7 * 200) / 8);
  });

  it('skips windows with fewer than 6 valid hours', () => {
    expect(dailyConcentration('co', [...hours(7, null), ...hours(5, 3), ...hours(19, null)])).toBeNull();
  });
});

describe('nationalAqi', () => {
  it('is the largest sub-index, with its prominent pollutant, category and colour', () => {
    const r = nationalAqi({ pm2_5: 45, pm10: 120, no2: 30, co: null });
    expect(r.aqi).toBe(subIndex('pm10', 120));
    expect(r.prominent).toEqual(['pm10']);
    expect(r.category).toBe('Moderate');
    expect(r.colour).toBe(AQI_COLOURS.Moderate);
    expect(r.subIndices.map((s) => s.pollutant)).toEqual(['pm10', 'pm2_5', 'no2']);
  });

  it('names every pollutant tying for the maximum', () => {
    expect(nationalAqi({ pm10: 100, no2: 80, so2: 10 }).prominent).toEqual(['pm10', 'no2']);
  });

  it('needs at least 3 pollutants', () => {
    const r = nationalAqi({ pm10: 100, no2: 80, so2: null });
    expect(r).toMatchObject({ aqi: null, category: null, missing: 'too-few-pollutants' });
    expect(r.subIndices).toHaveLength(2);
  });

  it('needs PM2.5 or PM10 among them', () => {
    expect(nationalAqi({ no2: 80, so2: 10, o3: 30, co: 1 })).toMatchObject({ aqi: null, missing: 'no-particulate' });
    expect(nationalAqi({ pm2_5: 10, so2: 10, o3: 30 }).aqi).toBe(subIndex('o3', 30));
  });
});
