import { formatIndian } from '@enviro/domain/format-number';
import { axisTooltip, grid, legend, seriesColour, seriesData, xAxis } from '../option-parts';
import { CHART_DEFAULTS, type ChartDisplayOptions, type ChartOption, type SeriesChartData } from '../types';
import { axisLabel, valueAxisRange } from '../value-axis';

/**
 * Dual axis (SPEC 1): two parameters with their own units, the first on the left axis and the
 * second on the right, each drawn as a line or bar (`types`, lines by default).
 */
export function buildDualAxisOption(data: SeriesChartData, options: ChartDisplayOptions = {}): ChartOption {
  const two = data.series.slice(0, 2);
  const axes = two.map((s, i) => {
    const range = valueAxisRange(s.points.flatMap(([, y]) => (y === null ? [] : [y])), { includeZero: (options.types?.[i] ?? 'line') === 'bar' });
    return {
      type: 'value' as const,
      name: s.unit ? `${s.name} (${s.unit})` : s.name,
      position: i === 0 ? ('left' as const) : ('right' as const),
      nameTextStyle: { align: i === 0 ? ('left' as const) : ('right' as const) },
      axisLine: { show: true, lineStyle: { color: seriesColour(i) } },
      splitLine: { show: i === 0 },
      ...(range
        ? { min: range.min, max: range.max, interval: range.interval, axisLabel: { formatter: (v: number) => axisLabel(v, range) } }
        : { scale: true, axisLabel: { formatter: (v: number) => formatIndian(v, 2) } }),
    };
  });
  return {
    useUTC: true,
    grid: { ...grid(two), top: 60 },
    legend: { ...legend(two), show: true },
    tooltip: axisTooltip(options),
    xAxis: xAxis(options, two),
    yAxis: axes,
    series: two.map((s, i) => {
      const type = options.types?.[i] ?? 'line';
      return type === 'bar'
        ? { type: 'bar' as const, name: s.name, yAxisIndex: i, color: seriesColour(i), data: seriesData(options, s.points) }
        : {
            type: 'line' as const,
            name: s.name,
            yAxisIndex: i,
            color: seriesColour(i),
            showSymbol: false,
            smooth: options.smooth ?? false,
            lineStyle: { width: options.lineWidth ?? CHART_DEFAULTS.lineWidth },
            data: seriesData(options, s.points),
          };
    }),
  };
}
