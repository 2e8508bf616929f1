import { axisTooltip, grid, legend, markLines, seriesData, xAxis, yAxis } from '../option-parts';
import { CHART_DEFAULTS, type ChartDisplayOptions, type ChartOption, type SeriesChartData } from '../types';

/**
 * Bar chart, the default chart type (SPEC 9); `orient: 'horizontal'` swaps the axes. Several
 * series get the line / bar / stack / tiled toggles from the widget (`../multi-series.ts`).
 */
export function buildBarOption(data: SeriesChartData, options: ChartDisplayOptions = {}): ChartOption {
  const horizontal = (options.orient ?? CHART_DEFAULTS.orient) === 'horizontal';
  const category = xAxis(options, data.series);
  const value = yAxis(options, data, { includeZero: true });
  const limits = markLines(data.referenceLines);
  const swapLimits = limits && horizontal ? { ...limits, data: limits.data.map((d) => ({ name: d.name, xAxis: d.yAxis })) } : limits;
  return {
    useUTC: true,
    grid: grid(data.series),
    legend: legend(data.series),
    tooltip: axisTooltip(options),
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: data.series.map((s, i) => ({
      type: 'bar',
      name: s.name,
      data: seriesData(options, s.points),
      ...(options.stacked ? { stack: 'total' } : {}),
      ...(options.showDataLabel ? { label: { show: true, position: horizontal ? 'right' : 'top' } } : {}),
      ...(i === 0 ? { markLine: swapLimits } : {}),
    })),
  };
}
