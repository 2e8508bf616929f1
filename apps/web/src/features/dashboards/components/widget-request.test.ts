import { describe, expect, it } from 'vitest';
import { Widget } from '@enviro/contracts/dashboards';
import type { TrendResult } from '@enviro/contracts/data/trend';
import { chartTable } from '@/components/charts/chart-table';
import type { SeriesChartData } from '@/components/charts/types';
import { chartKindOf, joinAnswers, widgetChartData, widgetDisplayOptions, widgetRequests } from './widget-request';

const NOW = Date.parse('2026-11-26T06:00:00Z');
const DAY = 86_400_000;
const w = (over: Partial<Widget> & Record<string, unknown>) =>
  Widget.parse({ id: 'w', kind: 'line', name: 'PM', layout: { x: 0, y: 0, w: 6, h: 4 }, entityIds: [7], params: ['pm'], ...over });
const RANGE: TrendResult['range'] = { from: '2026-11-11T11:30:00.000+05:30', to: '2026-11-26T11:30:00.000+05:30', zone: 'Asia/Kolkata', raw: { from: '15d-ago', to: 'now' } };
const trend = (over: Partial<TrendResult>): TrendResult => ({
  paramName: 'pm', paramLabel: 'PM', unit: 'mg/Nm3', data: [], tags: {}, entityName: 'Stack 1', entityId: 7, dsAgg: 'avg', agg: 'avg', range: RANGE, ...over,
});
type AnyData = Record<string, any>;

describe('the metric request behind a widget', () => {
  it.each([
    ['stations, parameters, interval and span', w({ interval: 'hour_1', duration: '7d-ago' }), { entityIds: [7], params: [{ name: 'pm' }], interval: 'hour_1', duration: '7d-ago', groupAll: false }],
    ['every station of a type when none is named', w({ entityIds: [], entityType: 'caaqms' }), { entityTypeFilter: 'caaqms', params: [{ name: 'pm' }], interval: 'hour_1', duration: '15d-ago', groupAll: false }],
    ['aggregation as dsAgg, groupall and tags', w({ aggregation: 'max', attributes: { groupall: true, groupbytags: ['stack'] } }), { entityIds: [7], params: [{ name: 'pm', dsAgg: 'max' }], interval: 'hour_1', duration: '15d-ago', groupAll: true, groupByTags: ['stack'] }],
    ['a calendar period', w({ duration: 'month', attributes: { durationtype: 'period', durationrefdate: '2026-10-15' } }), { entityIds: [7], params: [{ name: 'pm' }], interval: 'hour_1', period: 'month', groupAll: false, durationRefDate: '2026-10-15' }],
    ['a candlestick asks first, last, min and max', w({ kind: 'candlestick', interval: 'day_1' }), { entityIds: [7], params: ['first', 'last', 'min', 'max'].map((dsAgg) => ({ name: 'pm', dsAgg })), interval: 'day_1', duration: '15d-ago', groupAll: false }],
  ])('%s', (_case, widget, expected) => expect(widgetRequests(widget, NOW)).toEqual([expected]));

  it.each([
    [2, [{ startDate: '2024-01-01' }]],
    [3, [{ startDate: '2024-01-01' }, { startDate: '2023-01-01', endDate: '2024-01-01' }]],
  ])('a calendar heatmap of %s previous years asks three years a request (a range may not pass 1,325 days)', (years, ranges) => {
    expect(widgetRequests(w({ kind: 'calendarHeatmap', attributes: { numberofyears: years } }), NOW)).toEqual(
      ranges.map((r) => ({ entityIds: [7], params: [{ name: 'pm' }], interval: 'day_1', ...r, groupAll: true })),
    );
  });

  it('joins the yearly answers into one series in time order', () => {
    const year = (time: number) => [trend({ data: [{ time, value: time }] })];
    expect(joinAnswers([year(3), [], year(1)])).toEqual([trend({ data: [{ time: 1, value: 1 }, { time: 3, value: 3 }] })]);
  });
});

describe('a widget chart from the answer', () => {
  it('candles pair the four answers of a bucket', () => {
    const t0 = NOW - 2 * DAY;
    const answer = (['first', 'last', 'min', 'max'] as const).map((dsAgg, i) => trend({ dsAgg, data: [{ time: t0, value: 10 + i }, { time: t0 + DAY, value: i === 0 ? 5 : null }] }));
    expect((widgetChartData(w({ kind: 'candlestick' }), answer, NOW) as AnyData).candles).toEqual([{ time: t0, open: 10, close: 11, low: 12, high: 13 }]);
  });

  it('a calendar heatmap groups days by Kolkata year, newest first, an empty year kept', () => {
    const data = [{ time: Date.parse('2025-12-31T18:30:00Z'), value: 4 }, { time: Date.parse('2026-03-01T18:30:00Z'), value: 9 }];
    const chart = widgetChartData(w({ kind: 'calendarHeatmap', attributes: { numberofyears: 2 } }), [trend({ data })], NOW) as AnyData;
    expect(chart.years).toEqual([
      { year: 2026, days: [['2026-01-01', 4], ['2026-03-02', 9]] },
      { year: 2025, days: [] },
      { year: 2024, days: [] },
    ]);
  });

  it('a facility heatmap puts stations in rows and buckets in columns', () => {
    const t0 = NOW - 3_600_000;
    const chart = widgetChartData(w({ kind: 'facilityHeatmap' }), [trend({ data: [{ time: t0, value: 1 }] }), trend({ entityName: 'Stack 2', data: [{ time: t0 + 3_600_000, value: 2 }] })], NOW) as AnyData;
    expect([chart.rows, chart.columns, chart.cells]).toEqual([['Stack 1', 'Stack 2'], [t0, t0 + 3_600_000], [[0, 0, 1], [1, 1, 2]]]);
  });

  it('a pie sums summed parameters and averages the others', () => {
    const data = [{ time: 1, value: 2 }, { time: 2, value: 4 }];
    const chart = widgetChartData(w({ kind: 'pie' }), [trend({ data }), trend({ entityName: 'Meter', dsAgg: 'sum', data })], NOW) as AnyData;
    expect(chart.slices).toEqual([{ name: 'Stack 1', value: 3 }, { name: 'Meter', value: 6 }]);
  });

  it("a line tells apart the buckets the answer's range cuts short", () => {
    // 07:45 to 11:30 IST: the 07:00 bucket began before it, the 11:00 bucket is still running.
    const range = { ...RANGE, from: '2026-11-26T07:45:00.000+05:30', to: '2026-11-26T11:30:00.000+05:30' };
    const [seven, eight, eleven] = ['2026-11-26T01:30:00Z', '2026-11-26T02:30:00Z', '2026-11-26T05:30:00Z'].map(Date.parse) as [number, number, number];
    const data = [{ time: seven, value: 1 }, { time: eight, value: 2 }, { time: eleven, value: 3 }];
    const whole = (chart: AnyData) => chart.series[0].points.filter(([, y]: [number, number | null]) => y !== null);
    const cut = (chart: AnyData) => (chart.series[0].incomplete ?? []).filter(([, y]: [number, number | null]) => y !== null);
    const chart = widgetChartData(w({}), [trend({ data, range })], NOW) as AnyData;
    expect([whole(chart), cut(chart)]).toEqual([[[eight, 2]], [[seven, 1], [eleven, 3]]]);
    const wider = { ...RANGE, from: '2026-11-26T07:00:00.000+05:30', to: '2026-11-26T12:00:00.000+05:30' };
    expect(cut(widgetChartData(w({}), [trend({ data, range: wider })], NOW) as AnyData)).toEqual([]);
  });

  it("says in its table view which parameter's slots the detectors doubt, and when a calibration ran", () => {
    const t0 = Date.parse('2026-11-26T00:30:00Z');
    const q = 900_000;
    const so2 = trend({
      paramName: 'so2', paramLabel: 'SO2', entityName: 'Stack 1',
      data: [0, 1, 2].map((i) => ({ time: t0 + i * q, value: 300 })),
      flagged: [{ state: 'suspect', detectors: ['flat_line'], from: new Date(t0 + q).toISOString(), to: new Date(t0 + 3 * q).toISOString() }],
      suppressed: [{ kind: 'CALIBRATION', deviceId: 1, from: new Date(t0 + 2 * q).toISOString(), to: new Date(t0 + 3 * q).toISOString() }],
    });
    const pm = trend({ entityName: 'Stack 1', data: [0, 1, 2].map((i) => ({ time: t0 + i * q, value: 20 + i })) });
    const widget = w({ params: ['so2', 'pm'], interval: 'minute_15' });
    const chart = widgetChartData(widget, [so2, pm], NOW) as SeriesChartData;
    const table = chartTable('line', chart);
    expect(table.headers.at(-1)).toBe('Quality');
    const names = chart.series.map((s) => s.name);
    expect(table.rows.map((r) => r.at(-1))).toEqual([
      'Valid',
      `${names[0]} suspect: Flat line (stuck value)`,
      `Calibration; ${names[0]} suspect: Flat line (stuck value)`,
    ]);
    // Without a verdict the table keeps its columns.
    expect(chartTable('line', widgetChartData(w({}), [pm], NOW) as SeriesChartData).headers).toEqual(['Time', 'Stack 1 (mg/Nm3)']);
  });

  it('thresholds become reference lines', () => {
    const chart = widgetChartData(w({ attributes: { thresholds: [{ value: 50, label: 'Limit' }] } }), [trend({ data: [{ time: NOW - DAY, value: 3 }] })], NOW) as AnyData;
    expect(chart.referenceLines).toEqual([{ value: 50, label: 'Limit' }]);
  });
});

describe('SPEC 9 defaults and SPEC 2 attributes as display options', () => {
  it.each([
    ['defaults: 0 decimals, time axis, the unit as axis name', w({}), { interval: 'hour_1', decimals: 0, xAxisType: 'time', yAxisName: 'mg/Nm3' }],
    [
      'attributes carried over',
      w({ attributes: { decimalplaces: 2, charttype: 'log', showavg: true, viewtype: 'rose', theme: 'dark', barcolor: '#112233', labelrotation: 30, topn: true } }),
      { interval: 'hour_1', decimals: 2, xAxisType: 'time', yAxisName: 'mg/Nm3', logScale: true, showAvg: true, viewType: 'rose', dark: true, barColour: '#112233', labelRotation: 30, topN: true },
    ],
  ])('%s', (_case, widget, expected) => expect(widgetDisplayOptions(widget, 'mg/Nm3')).toEqual(expected));
});

describe('which chart draws a widget', () => {
  it.each([
    [w({ kind: 'bar', attributes: { type: 'line' } }), 'line'],
    [w({ kind: 'line' }), 'line'],
    [w({ kind: 'area', attributes: { type: 'bar' } }), 'area'],
  ])('%#: %s', (widget, kind) => expect(chartKindOf(widget)).toBe(kind));
});
