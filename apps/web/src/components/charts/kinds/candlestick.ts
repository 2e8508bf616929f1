import { formatIndian } from '@enviro/domain/format-number';
import { axisFormatFor } from '@enviro/domain/format-date';
import { formatAxisAs } from '@/lib/dates';
import { markLines } from '../option-parts';
import { CHART_DEFAULTS, type CandlestickChartData, type ChartDisplayOptions, type ChartOption } from '../types';
import { valueAxisRange, axisLabel } from '../value-axis';

/**
 * Candlestick (SPEC 1): a candle per bucket, open = its first reading, close = its last, low = its
 * minimum and high = its maximum (the metric API's dsAgg first, last, min, max). Rising candles
 * are green, falling red.
 */
export function buildCandlestickOption(data: CandlestickChartData, options: ChartDisplayOptions = {}): ChartOption {
  const decimals = options.decimals ?? CHART_DEFAULTS.decimals;
  const format = axisFormatFor(options.interval ?? 'day_1');
  const labels = data.candles.map((c) => formatAxisAs(c.time, format.includes('HH') ? 'DD MMM HH:mm' : format));
  const range = valueAxisRange([...data.candles.flatMap((c) => [c.low, c.high]), ...(data.referenceLines ?? []).map((l) => l.value)], {});
  return {
    grid: { left: 8, right: 16, top: 36, bottom: 48, containLabel: true },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (raw: unknown) => {
        const p = (Array.isArray(raw) ? raw[0] : raw) as { dataIndex: number } | undefined;
        const c = p ? data.candles[p.dataIndex] : undefined;
        if (!c) return '';
        const f = (v: number) => `<b>${formatIndian(v, decimals)}</b>`;
        return `${labels[p!.dataIndex]}<br/>Open ${f(c.open)} Close ${f(c.close)}<br/>Low ${f(c.low)} High ${f(c.high)}`;
      },
    },
    xAxis: { type: 'category', data: labels, axisLabel: { hideOverlap: true } },
    yAxis: {
      type: 'value',
      name: options.yAxisName ?? data.unit ?? '',
      nameTextStyle: { align: 'left' },
      ...(range ? { min: range.min, max: range.max, interval: range.interval, axisLabel: { formatter: (v: number) => axisLabel(v, range) } } : { scale: true }),
    },
    series: [
      {
        type: 'candlestick',
        name: data.name,
        // ECharts' order: open, close, lowest, highest.
        data: data.candles.map((c) => [c.open, c.close, c.low, c.high]),
        itemStyle: { color: '#2f9e44', color0: '#e03131', borderColor: '#2f9e44', borderColor0: '#e03131' },
        markLine: markLines(data.referenceLines),
      },
    ],
  };
}
