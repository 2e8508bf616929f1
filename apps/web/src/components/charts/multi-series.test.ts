import { describe, expect, it } from 'vitest';
import { CHART_KINDS } from './kinds/registry';
import { arrangePanels, initialArrangement, offersArrangements } from './multi-series';
import type { SeriesChartData } from './types';

const THREE: SeriesChartData = {
  series: [
    { name: 'Stack 1', points: [['Mon', 3], ['Tue', 4]] },
    { name: 'Stack 2', points: [['Mon', 1], ['Tue', 2]] },
    { name: 'Stack 3', points: [['Mon', 5], ['Tue', 6]] },
  ],
  referenceLines: [{ value: 5, label: 'Limit 5' }],
};
type AnyOption = Record<string, any>;
const drawn = (panels: ReturnType<typeof arrangePanels>) => panels.map((p) => CHART_KINDS[p.kind].build(p.data, p.options) as AnyOption);

describe('multi-series toggles: line, bar, stack, tiled (SPEC 9)', () => {
  it('are offered for bar and line charts of several series only', () => {
    expect(offersArrangements('bar', THREE)).toBe(true);
    expect(offersArrangements('line', THREE)).toBe(true);
    expect(offersArrangements('bar', { series: [THREE.series[0]!] })).toBe(false);
    expect(offersArrangements('area', THREE)).toBe(false);
    expect(offersArrangements('bar', undefined)).toBe(false);
  });

  it('start where the widget is configured', () => {
    expect(initialArrangement('bar', {})).toBe('bar');
    expect(initialArrangement('line', {})).toBe('line');
    expect(initialArrangement('bar', { stacked: true })).toBe('stack');
  });

  it.each([
    ['line', 'bar', [['line', 'line', 'line']], [[undefined, undefined, undefined]]],
    ['bar', 'line', [['bar', 'bar', 'bar']], [[undefined, undefined, undefined]]],
    ['stack', 'line', [['bar', 'bar', 'bar']], [['total', 'total', 'total']]],
  ] as const)('%s of a %s widget draws one chart of every series', (arrangement, kind, types, stacks) => {
    const options = drawn(arrangePanels(kind, THREE, { stacked: arrangement !== 'stack', xAxisType: 'category' }, arrangement));
    expect(options.map((o) => o.series.map((s: AnyOption) => s.type))).toEqual(types);
    expect(options.map((o) => o.series.map((s: AnyOption) => s.stack))).toEqual(stacks);
  });

  it('tiled draws a small chart per series in the widget\'s kind, each with the limits', () => {
    const options = drawn(arrangePanels('line', THREE, { stacked: true, xAxisType: 'category' }, 'tiled'));
    expect(options.map((o) => o.series.map((s: AnyOption) => [s.type, s.name, s.stack]))).toEqual([
      [['line', 'Stack 1', undefined]],
      [['line', 'Stack 2', undefined]],
      [['line', 'Stack 3', undefined]],
    ]);
    expect(options.map((o) => o.series[0].markLine.data.map((d: AnyOption) => d.yAxis))).toEqual([[5], [5], [5]]);
    expect(options.map((o) => o.title.text)).toEqual(['Stack 1', 'Stack 2', 'Stack 3']);
  });
});
