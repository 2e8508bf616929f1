import { formatIndian } from '@enviro/domain/format-number';
import { CHART_DEFAULTS, type ChartDisplayOptions, type ChartOption, type PieChartData } from '../types';

/** SPEC 9: the pie is a donut from 40 % to 70 % of the radius. */
export const PIE_RADIUS = ['40%', '70%'] as const;

/** Donut chart of named values; `viewType: 'rose'` draws a Nightingale rose (SPEC 2 viewtype). */
export function buildPieOption(data: PieChartData, options: ChartDisplayOptions = {}): ChartOption {
  const decimals = options.decimals ?? CHART_DEFAULTS.decimals;
  return {
    ...(options.title ? { title: { text: options.title, left: 0, textStyle: { fontSize: 14 } } } : {}),
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: unknown) => {
        const { name, value, percent } = p as { name: string; value: number; percent: number };
        return `${name}: <b>${formatIndian(value, decimals)}</b> (${formatIndian(percent, 1)}%)`;
      },
    },
    // A column at the right keeps every name whole on a phone; a scrolling row cut 'OFFLINE' off.
    legend: { type: 'plain', orient: 'vertical', right: 0, top: 'middle' },
    series: [
      {
        type: 'pie',
        radius: [...PIE_RADIUS],
        ...(options.viewType === 'rose' ? { roseType: 'radius' as const } : {}),
        center: ['40%', '50%'],
        avoidLabelOverlap: true,
        label: { show: options.showDataLabel ?? false },
        data: data.slices.map((s) => ({ name: s.name, value: s.value, ...(s.colour ? { itemStyle: { color: s.colour } } : {}) })),
      },
    ],
  };
}
