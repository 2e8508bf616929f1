import { formatIndian } from '@enviro/domain/format-number';
import { axisFormatFor } from '@enviro/domain/format-date';
import { formatAxisAs } from '@/lib/dates';
import { CHART_DEFAULTS, type ChartDisplayOptions, type ChartOption, type FacilityHeatmapData } from '../types';

/** Column labels: bucket starts in Kolkata time by the interval's format, or the labels as given. */
export function facilityColumnLabels(data: FacilityHeatmapData, interval: string | undefined): string[] {
  const format = axisFormatFor(interval ?? 'hour_1');
  return data.columns.map((c) => (typeof c === 'number' ? formatAxisAs(c, format.includes('HH') ? 'DD MMM HH:mm' : format) : c));
}

/**
 * Facility heatmap (SPEC 1): facilities or stations down the side, time (or categories) across,
 * each cell coloured by its value on one continuous scale, e.g. hourly energy or exceedance minutes.
 */
export function buildFacilityHeatmapOption(data: FacilityHeatmapData, options: ChartDisplayOptions = {}): ChartOption {
  const decimals = options.decimals ?? CHART_DEFAULTS.decimals;
  const labels = facilityColumnLabels(data, options.interval);
  const values = data.cells.flatMap(([, , v]) => (v === null ? [] : [v]));
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 0;
  return {
    grid: { left: 8, right: 16, top: 16, bottom: 64, containLabel: true },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: unknown) => {
        const [x, y, v] = (p as { value: [number, number, number | null] }).value;
        return `${escapeHtml(data.rows[y] ?? '')}<br/>${escapeHtml(labels[x] ?? '')}: <b>${formatIndian(v, decimals)}</b>${data.unit ? ` ${escapeHtml(data.unit)}` : ''}`;
      },
    },
    xAxis: { type: 'category', data: labels, splitArea: { show: true }, axisLabel: { hideOverlap: true, rotate: options.labelRotation ?? 0 } },
    yAxis: { type: 'category', data: [...data.rows], splitArea: { show: true } },
    visualMap: {
      type: 'continuous',
      min,
      max: max === min ? min + 1 : max,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      itemHeight: 120,
      itemWidth: 12,
      inRange: { color: ['#e7f5ff', '#4dabf7', '#fab005', '#e03131'] },
      formatter: (v: unknown) => formatIndian(Number(v), decimals),
    },
    series: [
      {
        type: 'heatmap',
        data: data.cells.filter(([, , v]) => v !== null).map(([x, y, v]) => [x, y, v]),
        label: { show: options.showDataLabel ?? false },
        emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } },
      },
    ],
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
