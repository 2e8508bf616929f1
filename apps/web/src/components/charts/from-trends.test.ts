import { describe, expect, it } from 'vitest';
import type { TrendResult } from '@enviro/contracts/data/trend';
import { answerWindow, correctedPeriods, flaggedPeriods, hasIncomplete, isCutBucket, limitLines, suppressedPeriods, trendSeries, valueAxisName } from './from-trends';

const RANGE: TrendResult['range'] = { from: '2025-03-25T00:00:00.000+05:30', to: '2025-03-26T00:00:00.000+05:30', zone: 'Asia/Kolkata', raw: { from: 'day', to: 'day' } };

describe('trendSeries', () => {
  it('turns trend points into named chart series, gaps kept', () => {
    const series = trendSeries(
      [
        {
          paramName: 'pm',
          paramLabel: 'PM',
          unit: 'mg/Nm3',
          data: [{ time: 1, value: 2 }, { time: 2, value: null }],
          tags: {},
          entityName: 'Stack 1',
          entityId: 4,
          dsAgg: 'avg',
          agg: 'avg',
          range: RANGE,
        },
      ],
      (t) => t.entityName ?? '',
    );
    expect(series).toEqual([{ name: 'Stack 1', unit: 'mg/Nm3', points: [[1, 2], [2, null]] }]);
  });
});

function trendOf(times: number[], values: number[]) {
  return {
    paramName: 'kwh',
    paramLabel: 'Energy',
    unit: 'kWh',
    data: times.map((time, i) => ({ time, value: values[i]! })),
    tags: {},
    entityName: 'Main Incomer',
    entityId: 1,
    dsAgg: 'avg' as const,
    agg: 'sum' as const,
    range: RANGE,
  };
}

describe('trendSeries: missing buckets break the line', () => {
  const Q = 900_000;
  const trend = (times: number[]) => ({
    paramName: 'pm',
    paramLabel: 'PM',
    unit: '',
    data: times.map((time) => ({ time, value: 1 })),
    tags: {},
    entityName: 'S',
    entityId: 1,
    dsAgg: 'avg' as const,
    agg: 'avg' as const,
    range: RANGE,
  });
  it.each([
    ['consecutive buckets', 'minute_15', [0, Q, 2 * Q], [[0, 1], [Q, 1], [2 * Q, 1]]],
    ['a missing bucket', 'minute_15', [0, Q, 3 * Q], [[0, 1], [Q, 1], [2 * Q, null], [3 * Q, 1]]],
    ['raw points are never broken', 'instances', [0, 10 * Q], [[0, 1], [10 * Q, 1]]],
    ['a 31-day month is no gap', 'month_1', [0, 31 * 86_400_000], [[0, 1], [31 * 86_400_000, 1]]],
  ])('%s', (_case, interval, times, points) => {
    expect(trendSeries([trend(times)], (t) => t.paramLabel, interval)[0]!.points).toEqual(points);
  });
});

describe('trendSeries: buckets the window cuts short are marked, not drawn as dips', () => {
  const Q = 900_000;
  // Asked for 4h-ago at 10:07 IST: the window starts at 06:07, inside the 06:00 bucket; the 10:00 bucket is running.
  const now = Date.parse('2025-03-25T04:37:00Z');
  const range = { from: '2025-03-25T06:07:00.000+05:30', to: '2025-03-25T10:07:00.000+05:30', zone: 'Asia/Kolkata', raw: { from: '4h-ago', to: 'now' } };
  const first = Date.parse('2025-03-25T00:30:00Z'); // 06:00 IST
  const sums = { ...trendOf([first, first + Q, first + 15 * Q, first + 16 * Q], [120, 480, 470, 150]), dsAgg: 'sum' as const, range };
  const window = answerWindow([sums])!;

  it("takes the window the answer resolved, or none from an answer without series", () => {
    expect(window).toEqual({ start: now - 4 * 3_600_000, end: now });
    expect([answerWindow([]), answerWindow(undefined)]).toEqual([undefined, undefined]);
  });

  it.each([
    ['the bucket begun before the window', first, true],
    ['a whole bucket', first + Q, false],
    ['the last whole bucket', first + 15 * Q, false],
    ['the bucket still running', first + 16 * Q, true],
  ])('%s is cut: %s', (_case, time, cut) => {
    expect(isCutBucket(time, 'minute_15', window)).toBe(cut);
  });

  it('leaves the line a gap there and gives the cut buckets as hollow points, apart from each other', () => {
    const [series] = trendSeries([sums], (t) => t.paramLabel, 'minute_15', window);
    expect(series!.points).toEqual([
      [first, null],
      [first + Q, 480],
      [first + 2 * Q, null],
      [first + 15 * Q, 470],
      [first + 16 * Q, null],
    ]);
    expect(series!.incomplete).toEqual([[first, 120], [first + 8 * Q, null], [first + 16 * Q, 150]]);
    expect(hasIncomplete([series!])).toBe(true);
  });

  it('marks nothing without a window, or for raw readings', () => {
    expect(trendSeries([sums], (t) => t.paramLabel, 'minute_15')[0]!.incomplete).toBeUndefined();
    expect(trendSeries([sums], (t) => t.paramLabel, 'instances', window)[0]!.incomplete).toBeUndefined();
  });
});

describe('limitLines', () => {
  it.each([
    [{ min: null, max: 50, unit: 'mg/Nm3' }, [{ value: 50, label: 'Max limit 50 mg/Nm3' }]],
    [{ min: 6.5, max: 8.5, unit: '' }, [{ value: 8.5, label: 'Max limit 8.5' }, { value: 6.5, label: 'Min limit 6.5' }]],
    [undefined, []],
  ])('%j', (limit, lines) => {
    expect(limitLines(limit)).toEqual(lines);
  });
});

describe('valueAxisName: the unit and what each value is', () => {
  it.each([
    ['kWh', 'sum', 'minute_15', 'kWh, 15-minute sums'],
    ['', 'avg', 'hour_1', 'hourly averages'],
    ['mg/Nm3', null, 'instances', 'mg/Nm3, every reading'],
    ['mg/Nm3', undefined, 'minute_15', 'mg/Nm3'],
  ] as const)('%j %s %s', (unit, agg, interval, name) => {
    expect(valueAxisName(unit, agg, interval)).toBe(name);
  });
});

describe('suppressedPeriods', () => {
  const trend = (suppressed: TrendResult['suppressed']): TrendResult =>
    ({ paramName: 'pm', paramLabel: 'PM', unit: 'mg/Nm3', data: [], tags: {}, entityName: 'Stack', entityId: 1, dsAgg: 'avg', agg: 'avg', range: RANGE, ...(suppressed ? { suppressed } : {}) });

  it('shades calibration and maintenance grey, an open one to the end, each period once', () => {
    const calibration = { kind: 'CALIBRATION' as const, deviceId: 7, from: '2026-11-20T04:00:00.000Z', to: '2026-11-20T04:30:00.000Z' };
    const open = { kind: 'MAINTENANCE' as const, deviceId: null, from: '2026-11-20T06:00:00.000Z', to: null };
    expect(suppressedPeriods([trend([open, calibration]), trend([calibration])], Date.parse('2026-11-20T07:00:00.000Z'))).toEqual([
      { from: Date.parse(calibration.from), to: Date.parse(calibration.to), label: 'Calibration', tone: 'suppressed' },
      { from: Date.parse(open.from), to: Date.parse('2026-11-20T07:00:00.000Z'), label: 'Maintenance', tone: 'suppressed' },
    ]);
    expect(suppressedPeriods([trend(undefined)], 0)).toEqual([]);
  });
});

describe('flaggedPeriods', () => {
  const trend = (flagged: TrendResult['flagged']): TrendResult =>
    ({ paramName: 'so2', paramLabel: 'SO2', unit: 'mg/Nm3', data: [], tags: {}, entityName: 'Stack', entityId: 1, dsAgg: 'avg', agg: 'avg', range: RANGE, ...(flagged ? { flagged } : {}) });

  it('shades each run of doubted slots orange, saying what fired, once however many series carry it', () => {
    const stuck = { state: 'suspect' as const, detectors: ['flat_line'], from: '2026-11-20T00:30:00.000Z', to: '2026-11-20T06:30:00.000Z' };
    const impossible = { state: 'invalid' as const, detectors: ['negative', 'out_of_range'], from: '2026-11-19T10:00:00.000Z', to: '2026-11-19T10:15:00.000Z' };
    expect(flaggedPeriods([trend([stuck, impossible]), trend([stuck])])).toEqual([
      { from: Date.parse(impossible.from), to: Date.parse(impossible.to), label: "Invalid: Negative concentration, Outside the analyser's range", tone: 'flagged' },
      { from: Date.parse(stuck.from), to: Date.parse(stuck.to), label: 'Suspect: Flat line (stuck value)', tone: 'flagged' },
    ]);
    expect(flaggedPeriods([trend(undefined)])).toEqual([]);
  });
});

describe('correctedPeriods', () => {
  const trend = (corrected: TrendResult['corrected']): TrendResult =>
    ({ paramName: 'pm', paramLabel: 'PM', unit: 'mg/Nm3', data: [], tags: {}, entityName: 'Stack', entityId: 1, dsAgg: 'avg', agg: 'avg', range: RANGE, ...(corrected ? { corrected } : {}) });
  const wrongSpan = { from: '2026-11-20T02:00:00.000Z', to: '2026-11-20T04:00:00.000Z', version: 2, kind: 'LINEAR' as const, reason: 'Span gas of the wrong concentration', changeRequestId: 7 };

  it('shades each corrected period teal with its version, saying whether the values shown are corrected or as received', () => {
    expect(correctedPeriods([trend([wrongSpan]), trend([wrongSpan])])).toEqual([
      { from: Date.parse(wrongSpan.from), to: Date.parse(wrongSpan.to), label: 'Corrected (version 2)', tone: 'corrected' },
    ]);
    expect(correctedPeriods([trend([wrongSpan])], true)[0]!.label).toBe('Original values (corrected, version 2)');
    expect(correctedPeriods([trend(undefined)])).toEqual([]);
  });
});
