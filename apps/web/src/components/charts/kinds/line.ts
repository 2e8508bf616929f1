import { axisTooltip, grid, INCOMPLETE_ID, legend, markAreas, markLines, seriesColour, seriesData, xAxis, yAxis } from '../option-parts';
import { CHART_DEFAULTS, type ChartDisplayOptions, type ChartOption, type SeriesChartData } from '../types';

/**
 * Line chart: one line per series, gaps left open, limits as dashed reference lines. Buckets cut
 * short are hollow points of the line's colour and name (the legend toggles both), off the line.
 */
export function buildLineOption(data: SeriesChartData, options: ChartDisplayOptions = {}): ChartOption {
  return {
    useUTC: true,
    grid: grid(data.series),
    legend: legend(data.series),
    tooltip: axisTooltip(options),
    xAxis: xAxis(options, data.series),
    yAxis: yAxis(options, data),
    series: data.series.flatMap((s, i) => [
      {
        type: 'line' as const,
        name: s.name,
        data: seriesData(options, s.points),
        color: seriesColour(i),
        showSymbol: false,
        connectNulls: false,
        smooth: options.smooth ?? false,
        lineStyle: { width: options.lineWidth ?? CHART_DEFAULTS.lineWidth },
        ...(options.stacked ? { stack: 'total' } : {}),
        ...(options.showDataLabel ? { label: { show: true } } : {}),
        ...(i === 0 ? { markLine: markLines(data.referenceLines), markArea: markAreas(data.shadedPeriods) } : {}),
      },
      ...(s.incomplete
        ? [
            {
              type: 'line' as const,
              id: `${INCOMPLETE_ID}${i}`,
              name: s.name,
              data: seriesData(options, s.incomplete),
              color: seriesColour(i),
              symbol: 'emptyCircle',
              symbolSize: 9,
              connectNulls: false,
              lineStyle: { width: 0 },
            },
          ]
        : []),
    ]),
  };
}
