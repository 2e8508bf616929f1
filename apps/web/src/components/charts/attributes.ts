import type { ChartDisplayOptions, ChartOption, SeriesChartData } from './types';

/** SPEC 5: top-N charts keep the 5 largest values. */
export const TOP_N = 5;

type AnyRecord = Record<string, unknown>;
const list = (v: unknown): AnyRecord[] => (Array.isArray(v) ? (v as AnyRecord[]) : v ? [v as AnyRecord] : []);

/**
 * Data-side attributes of category charts: `transpose` swaps series and categories (a bar per
 * station instead of per period), `topN` keeps the 5 categories with the largest total.
 */
export function prepareSeriesData(data: SeriesChartData, options: ChartDisplayOptions): SeriesChartData {
  let out = data;
  if (options.transpose) {
    const categories = [...new Set(data.series.flatMap((s) => s.points.map(([x]) => x)))];
    out = {
      ...out,
      series: categories.map((c) => ({
        name: String(c),
        points: data.series.map((s) => [s.name, s.points.find(([x]) => x === c)?.[1] ?? null] as const),
      })),
    };
  }
  if (options.topN) {
    const totals = new Map<string, number>();
    for (const s of out.series) for (const [x, y] of s.points) totals.set(String(x), (totals.get(String(x)) ?? 0) + (y ?? 0));
    const keep = new Set([...totals].sort((a, b) => b[1] - a[1]).slice(0, TOP_N).map(([x]) => x));
    const order = [...keep];
    out = {
      ...out,
      series: out.series.map((s) => ({
        ...s,
        points: s.points.filter(([x]) => keep.has(String(x))).sort((a, b) => order.indexOf(String(a[0])) - order.indexOf(String(b[0]))),
      })),
    };
  }
  return out;
}

/**
 * Attributes every cartesian chart honours the same way, applied over the kind's own option:
 * title, axis names, label rotation, log or dynamic value axis, toolbox features, naked plots,
 * average/min/max reference lines and one bar colour.
 */
export function applyCartesianAttributes(option: ChartOption, options: ChartDisplayOptions): ChartOption {
  const o = { ...(option as AnyRecord) };
  const horizontal = options.orient === 'horizontal';
  if (options.title) {
    o.title = { text: options.title, left: 0, top: 0, textStyle: { fontSize: 14 } };
    o.grid = list(o.grid).map((g) => ({ ...g, top: Number(g.top ?? 36) + 24 }))[0];
    o.legend = o.legend ? { ...(o.legend as AnyRecord), top: 24 } : o.legend;
  }
  const categoryKey = horizontal ? 'yAxis' : 'xAxis';
  const valueKey = horizontal ? 'xAxis' : 'yAxis';
  const categoryAxes = list(o[categoryKey]).map((a) => ({
    ...a,
    ...(options.xAxisName ? { name: options.xAxisName, nameLocation: 'middle', nameGap: 28 } : {}),
    ...(options.labelRotation !== undefined ? { axisLabel: { ...(a.axisLabel as AnyRecord), rotate: options.labelRotation } } : {}),
  }));
  const valueAxes = list(o[valueKey]).map((a) => {
    let axis: AnyRecord = a;
    if (options.logScale) {
      const { min: _min, max: _max, interval: _interval, ...rest } = axis;
      axis = { ...rest, type: 'log', axisLabel: {} };
    } else if (options.dynamicScale) {
      const { min: _min, max: _max, interval: _interval, ...rest } = axis;
      axis = { ...rest, scale: true };
    }
    return axis;
  });
  o[categoryKey] = Array.isArray(o[categoryKey]) ? categoryAxes : categoryAxes[0];
  o[valueKey] = Array.isArray(o[valueKey]) ? valueAxes : valueAxes[0];

  const stats = [
    ...(options.showAvg ? [{ type: 'average', name: 'Average' }] : []),
    ...(options.showMin ? [{ type: 'min', name: 'Minimum' }] : []),
    ...(options.showMax ? [{ type: 'max', name: 'Maximum' }] : []),
  ];
  o.series = list(o.series).map((s, i) => {
    let out: AnyRecord = s;
    if (i === 0 && stats.length > 0) {
      const mark = (s.markLine as AnyRecord | undefined) ?? { silent: true, symbol: 'none', label: { formatter: '{b}', position: 'insideEndTop' } };
      out = { ...out, markLine: { ...mark, data: [...list(mark.data), ...stats.map((st) => ({ ...st, lineStyle: { type: 'dotted', color: '#868e96' } }))] } };
    }
    if (options.barColour && s.type === 'bar') out = { ...out, itemStyle: { ...(s.itemStyle as AnyRecord), color: options.barColour } };
    return out;
  });

  if (options.toolbox && options.toolbox.length > 0) {
    const existing = ((o.toolbox as AnyRecord | undefined)?.feature as AnyRecord | undefined) ?? {};
    o.toolbox = { right: 0, top: 0, feature: { ...existing, ...Object.fromEntries(options.toolbox.map((f) => [f, {}])) } };
  }
  if (options.naked) {
    const hide = (a: AnyRecord) => ({ ...a, show: false });
    o.xAxis = Array.isArray(o.xAxis) ? list(o.xAxis).map(hide) : hide(o.xAxis as AnyRecord);
    o.yAxis = Array.isArray(o.yAxis) ? list(o.yAxis).map(hide) : hide(o.yAxis as AnyRecord);
    o.legend = { show: false };
    o.toolbox = { show: false };
    o.grid = { left: 0, right: 0, top: 4, bottom: 4, containLabel: false };
  }
  return o as ChartOption;
}
