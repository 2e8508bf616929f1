import { axisTooltip, grid, INCOMPLETE_ID, legend, markAreas, markLines, seriesColour, seriesData, xAxis, yAxis } from '../option-parts';
import { CHART_DEFAULTS, type ChartDisplayOptions, type ChartOption, type SeriesChartData } from '../types';

/**
 * Line chart: one line per series, gaps left open, limits as dashed reference lines. Buckets cut
 * short are hollow points of the line's colour and name (the legend toggles both), off the line.
 */
export function buildLineOption(data: SeriesChartData, options: ChartDisplayOptions = {}): ChartOption {
  const markers = data.markers && data.markers.points.length > 0 ? data.markers : null;
  const named = markers ? [...data.series, { name: markers.name, points: [] }] : data.series;
  return {
    useUTC: true,
    grid: grid(named),
    legend: legend(named),
    tooltip: axisTooltip(options),
    xAxis: xAxis(options, data.series),
    yAxis: yAxis(options, data),
    series: [
      ...data.series.flatMap((s, i) => [
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
      ...(markers
        ? [
            {
              // Points without a line between them (a line series: the charts register no scatter).
              type: 'line' as const,
              id: MARKERS_ID,
              name: markers.name,
              data: seriesData(options, [...markers.points].sort((a, b) => a[0] - b[0]).map(([x, y]) => [x, y] as [number, number])),
              color: MARKER_COLOUR,
              symbol: 'diamond',
              symbolSize: 12,
              showSymbol: true,
              lineStyle: { width: 0 },
              z: 5,
            },
          ]
        : []),
    ],
  };
}

/** Series id of the points measured another way, and their colour (apart from the palette's lines). */
export const MARKERS_ID = 'markers';
const MARKER_COLOUR = '#ad1457';
