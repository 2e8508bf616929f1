import { axisTooltip, grid, legend, markLines, seriesData, xAxis, yAxis } from '../option-parts';
import { CHART_DEFAULTS, type ChartDisplayOptions, type ChartOption, type SeriesChartData } from '../types';

/** Line chart: one line per series, gaps left open, limits as dashed reference lines. */
export function buildLineOption(data: SeriesChartData, options: ChartDisplayOptions = {}): ChartOption {
  return {
    useUTC: true,
    grid: grid(data.series),
    legend: legend(data.series),
    tooltip: axisTooltip(options),
    xAxis: xAxis(options, data.series),
    yAxis: yAxis(options),
    series: data.series.map((s, i) => ({
      type: 'line',
      name: s.name,
      data: seriesData(options, s),
      showSymbol: false,
      connectNulls: false,
      smooth: options.smooth ?? false,
      lineStyle: { width: options.lineWidth ?? CHART_DEFAULTS.lineWidth },
      ...(options.stacked ? { stack: 'total' } : {}),
      ...(options.showDataLabel ? { label: { show: true } } : {}),
      ...(i === 0 ? { markLine: markLines(data.referenceLines) } : {}),
    })),
  };
}
