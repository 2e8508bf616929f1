import { describe, expect, it } from 'vitest';
import type { SeriesChartData } from '../types';
import { airQualityColour, buildAirQualityOption } from './air-quality';
import { AREA_INITIAL_ZOOM, buildAreaOption } from './area';
import { buildBarOption } from './bar';
import { buildLineOption } from './line';
import { buildPieOption, PIE_RADIUS } from './pie';
import { CHART_KINDS } from './registry';
import { TIME_SHIFT_MS } from '../option-parts';

const T0 = Date.parse('2025-03-25T08:30:00Z'); // 14:00 in Asia/Kolkata
const PM: SeriesChartData = {
  series: [{ name: 'PM', unit: 'mg/Nm3', points: [[T0, 12], [T0 + 900_000, null], [T0 + 1_800_000, 48.25]] }],
  referenceLines: [{ value: 50, label: 'Limit 50' }],
};
const TWO: SeriesChartData = {
  series: [
    { name: 'Stack 1', points: [['Mon', 3], ['Tue', 4]] },
    { name: 'Stack 2', points: [['Mon', 1], ['Tue', 2]] },
  ],
};

type AnyOption = Record<string, any>;
const series = (o: AnyOption) => o.series as AnyOption[];

describe('line chart options', () => {
  const option = buildLineOption(PM, { interval: 'minute_15', decimals: 1 }) as AnyOption;

  it.each([
    ['one line series per data series', () => series(option).map((s) => s.type), ['line']],
    ['gaps stay gaps', () => series(option)[0]!.data[1], [T0 + 900_000 + TIME_SHIFT_MS, null]],
    ['instants are shifted to Kolkata wall time and drawn as UTC', () => [TIME_SHIFT_MS, option.useUTC], [19_800_000, true]],
    ['line width defaults to 2', () => series(option)[0]!.lineStyle.width, 2],
    ['the limit is a reference line', () => series(option)[0]!.markLine.data, [{ name: 'Limit 50', yAxis: 50 }]],
    ['no shaded period, no area', () => series(option)[0]!.markArea, undefined],
    [
      'a shaded period spans its instants on the shifted clock',
      () => (buildLineOption({ ...PM, shadedPeriods: [{ from: T0, to: T0 + 900_000, label: 'Breach' }] }) as AnyOption).series[0].markArea.data,
      [[{ name: 'Breach', xAxis: T0 + TIME_SHIFT_MS }, { xAxis: T0 + 900_000 + TIME_SHIFT_MS }]],
    ],
    ['time ticks are labelled in Kolkata time', () => option.xAxis.axisLabel.formatter(T0 + TIME_SHIFT_MS), '14:00'],
    ['a Kolkata midnight tick shows the date', () => option.xAxis.axisLabel.formatter(Date.parse('2025-03-25T00:00:00Z')), '25 Mar'],
    ['day buckets show dates', () => (buildLineOption(PM, { interval: 'day_1' }) as AnyOption).xAxis.axisLabel.formatter(T0 + TIME_SHIFT_MS), '25 Mar'],
    ['legend hidden for a single series', () => option.legend.show, false],
    [
      'tooltip shows Kolkata time and Indian numbers',
      () => option.tooltip.formatter([{ axisValue: T0 + TIME_SHIFT_MS, seriesName: 'PM', value: [T0, 1234.56], marker: '' }]),
      '25 Mar 2025 14:00<br/>PM: <b>1,234.6</b>',
    ],
  ])('%s', (_rule, actual, expected) => {
    expect(actual()).toEqual(expected);
  });
});

describe('line chart: the value axis and cut-short buckets', () => {
  const axis = (data: SeriesChartData) => {
    const y = (buildLineOption(data) as AnyOption).yAxis;
    return { min: y.min, max: y.max, labels: [y.min, y.max].map((v: number) => y.axisLabel.formatter(v)) };
  };
  const SUMS: SeriesChartData = {
    series: [{ name: 'Energy', points: [[T0, null], [T0 + 900_000, 480]], incomplete: [[T0, 120]] }],
  };
  const option = buildLineOption(SUMS) as AnyOption;

  it.each([
    ['reaches the limit above the data', () => axis(PM), { min: 10, max: 50, labels: ['10', '50'] }],
    ['reaches the extremes quoted beside the chart', () => axis({ ...PM, extremes: [3, 61] }), { min: 0, max: 80, labels: ['0', '80'] }],
    ['gives ticks the decimals that tell them apart', () => axis({ series: [{ name: 'pH', points: [[T0, 7.71], [T0 + 1, 7.82]] }] }).labels, ['7.700', '7.825']],
    ['draws cut-short buckets as a second series of the same name and colour', () => series(option).map((s) => [s.name, s.color, s.id ?? '']), [['Energy', '#5470c6', ''], ['Energy', '#5470c6', 'incomplete:0']]],
    ['as hollow points, never joined to the line', () => [series(option)[1]!.symbol, series(option)[1]!.lineStyle.width], ['emptyCircle', 0]],
    ['whose values the axis still shows', () => axis(SUMS).min <= 120, true],
    [
      'the tooltip names a cut bucket incomplete instead of showing the gap',
      () =>
        option.tooltip.formatter([
          { axisValue: T0 + TIME_SHIFT_MS, seriesName: 'Energy', value: [T0 + TIME_SHIFT_MS, null], marker: '' },
          { axisValue: T0 + TIME_SHIFT_MS, seriesId: 'incomplete:0', seriesName: 'Energy', value: [T0 + TIME_SHIFT_MS, 120], marker: '' },
        ]),
      '25 Mar 2025 14:00<br/>Energy: <b>120</b> (incomplete period)',
    ],
    ['a chart of only cut buckets is not empty', () => CHART_KINDS.line.isEmpty({ series: [{ name: 'x', points: [[T0, null]], incomplete: [[T0, 4]] }] }), false],
  ])('%s', (_rule, actual, expected) => {
    expect(actual()).toEqual(expected);
  });
});

describe('bar chart options', () => {
  it.each([
    ['category axis lists the labels', () => (buildBarOption(TWO, { xAxisType: 'category' }) as AnyOption).xAxis.data, ['Mon', 'Tue']],
    ['category data is the values alone', () => series(buildBarOption(TWO, { xAxisType: 'category' }) as AnyOption)[1]!.data, [1, 2]],
    ['the toggles are the widget\'s, not a toolbox', () => (buildBarOption(TWO, { xAxisType: 'category' }) as AnyOption).toolbox, undefined],
    ['horizontal bars put values on x', () => (buildBarOption(PM, { orient: 'horizontal' }) as AnyOption).xAxis.type, 'value'],
    [
      'horizontal limits are vertical lines',
      () => series(buildBarOption(PM, { orient: 'horizontal' }) as AnyOption)[0]!.markLine.data,
      [{ name: 'Limit 50', xAxis: 50 }],
    ],
    ['stacked series share a stack', () => series(buildBarOption(TWO, { stacked: true }) as AnyOption).map((s) => s.stack), ['total', 'total']],
  ])('%s', (_rule, actual, expected) => {
    expect(actual()).toEqual(expected);
  });
});

describe('area chart options', () => {
  const option = buildAreaOption(PM) as AnyOption;
  it.each([
    ['areas are filled', () => series(option)[0]!.areaStyle, { opacity: 0.25 }],
    ['inside zoom opens at 0-50 %', () => [option.dataZoom[0].start, option.dataZoom[0].end], [...AREA_INITIAL_ZOOM.inside]],
    ['slider opens at 0-10 %', () => [option.dataZoom[1].start, option.dataZoom[1].end], [...AREA_INITIAL_ZOOM.slider]],
  ])('%s', (_rule, actual, expected) => {
    expect(actual()).toEqual(expected);
  });
});

describe('air-quality colours', () => {
  it.each([
    [0, '#2f9e44'],
    [200, '#2f9e44'],
    [200.5, '#000000'],
    [400, '#000000'],
    [401, '#e03131'],
  ])('%s is %s', (value, colour) => {
    expect(airQualityColour(value)).toBe(colour);
  });

  it('colours each bar by its value', () => {
    const option = buildAirQualityOption(PM) as AnyOption;
    const colour = series(option)[0]!.itemStyle.color;
    expect([colour({ value: [T0, 150] }), colour({ value: [T0, 300] }), colour({ value: [T0, 450] })]).toEqual([
      '#2f9e44',
      '#000000',
      '#e03131',
    ]);
  });
});

describe('pie chart options', () => {
  const option = buildPieOption({ slices: [{ name: 'LIVE', value: 3, colour: '#2f9e44' }, { name: 'OFFLINE', value: 1 }] }) as AnyOption;
  it.each([
    ['is a donut 40-70 %', () => series(option)[0]!.radius, [...PIE_RADIUS]],
    ['lists every slice whole, in a column beside it', () => [option.legend.type, option.legend.orient], ['plain', 'vertical']],
    ['keeps fixed slice colours', () => series(option)[0]!.data[0], { name: 'LIVE', value: 3, itemStyle: { color: '#2f9e44' } }],
    ['tooltip gives value and share', () => option.tooltip.formatter({ name: 'LIVE', value: 3, percent: 75 }), 'LIVE: <b>3</b> (75%)'],
  ])('%s', (_rule, actual, expected) => {
    expect(actual()).toEqual(expected);
  });
});

describe('chart kinds registry: when there is nothing to draw', () => {
  it.each([
    ['line with points', CHART_KINDS.line.isEmpty(PM), false],
    ['line with only gaps', CHART_KINDS.line.isEmpty({ series: [{ name: 'x', points: [[T0, null]] }] }), true],
    ['line without series', CHART_KINDS.line.isEmpty({ series: [] }), true],
    ['pie of zeros', CHART_KINDS.pie.isEmpty({ slices: [{ name: 'a', value: 0 }] }), true],
    ['pie with a value', CHART_KINDS.pie.isEmpty({ slices: [{ name: 'a', value: 2 }] }), false],
  ])('%s: %s', (_case, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
