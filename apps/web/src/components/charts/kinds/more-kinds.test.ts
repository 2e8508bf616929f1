import { describe, expect, it } from 'vitest';
import { applyCartesianAttributes, prepareSeriesData, TOP_N } from '../attributes';
import { chartTable } from '../chart-table';
import type { CalendarHeatmapData, SeriesChartData } from '../types';
import { buildCalendarHeatmapOption, heatmapBands, MAX_PREVIOUS_YEARS } from './calendar-heatmap';
import { buildCandlestickOption } from './candlestick';
import { buildDualAxisOption } from './dual-axis';
import { buildFacilityHeatmapOption } from './facility-heatmap';
import { buildPieOption } from './pie';
import { CHART_KINDS } from './registry';

type AnyOption = Record<string, any>;
const T0 = Date.parse('2025-03-24T18:30:00Z'); // 25 Mar 2025 00:00 in Asia/Kolkata
const DAY = 86_400_000;

describe('calendar heatmap', () => {
  const data: CalendarHeatmapData = {
    name: 'PM10',
    unit: 'µg/m3',
    years: [2022, 2023, 2024, 2025, 2021].map((year) => ({ year, days: [[`${year}-01-01`, year - 2000], [`${year}-06-01`, null]] as const })),
  };
  const option = buildCalendarHeatmapOption(data) as AnyOption;

  it.each([
    ['one heatmap per year, newest first, this year and at most 3 before it', () => option.calendar.map((c: AnyOption) => c.range), ['2025', '2024', '2023', '2022']],
    ['each series on its own calendar', () => option.series.map((s: AnyOption) => s.calendarIndex), [0, 1, 2, 3]],
    ['days without a value are left blank', () => option.series[0].data, [['2025-01-01', 25]]],
    ['bands of the values shown: 10, 15, 20, 25, 30 % of the range and the rest', () => option.visualMap.pieces.map((p: AnyOption) => [p.gte, p.lt]), [[22, 22.3], [22.3, 22.45], [22.45, 22.6], [22.6, 22.75], [22.75, 22.9], [22.9, undefined]]],
  ])('%s', (_rule, actual, expected) => {
    const a = actual();
    expect(JSON.parse(JSON.stringify(a, (_k, v) => (typeof v === 'number' ? Math.round(v * 1000) / 1000 : v)))).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it('names the previous-years limit of SPEC 2', () => expect(MAX_PREVIOUS_YEARS).toBe(3));

  it.each([
    [0, 100, [0, 10, 15, 20, 25, 30]],
    [50, 250, [50, 70, 80, 90, 100, 110]],
  ])('bands of %s–%s start at %j', (min, max, starts) => {
    expect(heatmapBands(min, max).map((b) => b.min)).toEqual(starts);
    expect(heatmapBands(min, max).at(-1)!.max).toBeUndefined();
  });

  it('labels narrow bands with the decimals that tell their edges apart', () => {
    expect(heatmapBands(27, 32).map((b) => b.label).slice(0, 2)).toEqual(['27–27.5', '27.5–27.8']);
  });

  it('takes fixed bands (AQI categories) instead', () => {
    const fixed = buildCalendarHeatmapOption({ ...data, bands: [{ max: 50, label: 'Good', colour: '#009865' }, { min: 50, label: 'Other', colour: '#000' }] }) as AnyOption;
    expect(fixed.visualMap.pieces).toEqual([{ lt: 50, label: 'Good', color: '#009865' }, { gte: 50, label: 'Other', color: '#000' }]);
  });

  it('is empty when no day has a value', () => {
    expect(CHART_KINDS.calendarHeatmap.isEmpty({ name: 'x', years: [{ year: 2025, days: [['2025-01-01', null]] }] })).toBe(true);
    expect(CHART_KINDS.calendarHeatmap.isEmpty(data)).toBe(false);
  });
});

describe('candlestick', () => {
  const data = { name: 'SO2', unit: 'mg/Nm3', candles: [{ time: T0, open: 10, close: 14, low: 8, high: 20 }, { time: T0 + DAY, open: 14, close: 9, low: 7, high: 15 }] };
  const option = buildCandlestickOption(data, { interval: 'day_1' }) as AnyOption;
  it.each([
    ['candles in ECharts order open, close, low, high', () => option.series[0].data, [[10, 14, 8, 20], [14, 9, 7, 15]]],
    ['one label per bucket in Kolkata days', () => option.xAxis.data, ['25 Mar', '26 Mar']],
    ['the tooltip names the four values', () => option.tooltip.formatter([{ dataIndex: 0 }]), '25 Mar<br/>Open <b>10</b> Close <b>14</b><br/>Low <b>8</b> High <b>20</b>'],
    ['the axis reaches the highs and lows', () => option.yAxis.min <= 7 && option.yAxis.max >= 20, true],
  ])('%s', (_rule, actual, expected) => expect(actual()).toEqual(expected));
});

describe('facility heatmap', () => {
  const data = { rows: ['Boiler', 'DG set'], columns: [T0, T0 + 3_600_000], cells: [[0, 0, 5], [1, 0, null], [0, 1, 12], [1, 1, 30]] as const, unit: 'kWh' };
  const option = buildFacilityHeatmapOption(data, { interval: 'hour_1' }) as AnyOption;
  it.each([
    ['stations down the side', () => option.yAxis.data, ['Boiler', 'DG set']],
    ['hours across in Kolkata time', () => option.xAxis.data, ['25 Mar 00:00', '25 Mar 01:00']],
    ['empty cells are left out', () => option.series[0].data, [[0, 0, 5], [0, 1, 12], [1, 1, 30]]],
    ['one scale from the lowest to the highest cell', () => [option.visualMap.min, option.visualMap.max], [5, 30]],
    ['the table view lists stations by column', () => chartTable('facilityHeatmap', data).rows, [['Boiler', 5, null], ['DG set', 12, 30]]],
  ])('%s', (_rule, actual, expected) => expect(actual()).toEqual(expected));
});

describe('dual axis', () => {
  const data: SeriesChartData = {
    series: [
      { name: 'Flow', unit: 'm3/h', points: [[T0, 100], [T0 + DAY, 120]] },
      { name: 'pH', unit: 'pH', points: [[T0, 7.1], [T0 + DAY, 7.4]] },
    ],
  };
  const option = buildDualAxisOption(data, { types: ['bar', 'line'] }) as AnyOption;
  it.each([
    ['an axis per parameter, named with its unit', () => option.yAxis.map((a: AnyOption) => [a.name, a.position]), [['Flow (m3/h)', 'left'], ['pH (pH)', 'right']]],
    ['each series on its own axis', () => option.series.map((s: AnyOption) => [s.type, s.yAxisIndex]), [['bar', 0], ['line', 1]]],
    ['the pH axis fits pH, not the flow', () => option.yAxis[1].max < 10, true],
  ])('%s', (_rule, actual, expected) => expect(actual()).toEqual(expected));
});

describe('rose and the SPEC 2 attributes', () => {
  const TWO: SeriesChartData = {
    series: [
      { name: 'Stack 1', points: [['A', 3], ['B', 9], ['C', 1], ['D', 4], ['E', 7], ['F', 8]] },
      { name: 'Stack 2', points: [['A', 1], ['B', 1], ['C', 1], ['D', 1], ['E', 1], ['F', 1]] },
    ],
  };
  it.each([
    ['viewtype rose draws a Nightingale rose', () => (buildPieOption({ slices: [{ name: 'a', value: 1 }] }, { viewType: 'rose' }) as AnyOption).series[0].roseType, 'radius'],
    ['a plain pie stays a donut', () => (buildPieOption({ slices: [{ name: 'a', value: 1 }] }) as AnyOption).series[0].roseType, undefined],
    ['top-N keeps the 5 largest categories, largest first', () => prepareSeriesData(TWO, { topN: true }).series[0]!.points.map(([x]) => x), ['B', 'F', 'E', 'D', 'A']],
    ['top-N is 5 (SPEC 5)', () => TOP_N, 5],
    ['a top-N pie keeps its 5 largest slices', () => (CHART_KINDS.pie.build({ slices: [1, 9, 3, 7, 5, 8].map((value, i) => ({ name: `s${i}`, value })) }, { topN: true }) as AnyOption).series[0].data.map((d: AnyOption) => d.value), [9, 8, 7, 5, 3]],
    ['transpose makes a series per category', () => prepareSeriesData(TWO, { transpose: true }).series[1]!, { name: 'B', points: [['Stack 1', 9], ['Stack 2', 1]] }],
    ['showavg/min/max add reference lines', () => (CHART_KINDS.bar.build(TWO, { xAxisType: 'category', showAvg: true, showMax: true }) as AnyOption).series[0].markLine.data.map((d: AnyOption) => d.type), ['average', 'max']],
    ['barcolor paints every bar', () => (CHART_KINDS.bar.build(TWO, { xAxisType: 'category', barColour: '#123456' }) as AnyOption).series.map((s: AnyOption) => s.itemStyle.color), ['#123456', '#123456']],
    ['label rotation turns category labels', () => (CHART_KINDS.bar.build(TWO, { xAxisType: 'category', labelRotation: 45 }) as AnyOption).xAxis.axisLabel.rotate, 45],
    ['charttype log makes a log value axis', () => (CHART_KINDS.line.build(TWO, { xAxisType: 'category', logScale: true }) as AnyOption).yAxis.type, 'log'],
    ['dynamicscale lets bars leave zero', () => (CHART_KINDS.bar.build(TWO, { xAxisType: 'category', dynamicScale: true }) as AnyOption).yAxis.scale, true],
    ['naked hides the axes and legend', () => { const o = CHART_KINDS.line.build(TWO, { xAxisType: 'category', naked: true }) as AnyOption; return [o.xAxis.show, o.yAxis.show, o.legend.show]; }, [false, false, false]],
    ['the title goes above, pushing the plot down', () => { const o = applyCartesianAttributes({ grid: { top: 36 } }, { title: 'Flow' }) as AnyOption; return [o.title.text, o.grid.top]; }, ['Flow', 60]],
    ['toolbox features are shown', () => Object.keys((CHART_KINDS.line.build(TWO, { xAxisType: 'category', toolbox: ['saveAsImage', 'dataView'] }) as AnyOption).toolbox.feature), ['saveAsImage', 'dataView']],
    ['horizontal bars name their value axis on x', () => (CHART_KINDS.bar.build(TWO, { xAxisType: 'category', orient: 'horizontal', xAxisName: 'Stacks' }) as AnyOption).yAxis.name, 'Stacks'],
  ])('%s', (_rule, actual, expected) => expect(actual()).toEqual(expected));
});
