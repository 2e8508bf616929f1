import type { ChartDisplayOptions, SeriesChartData } from './types';

/** SPEC 9 multi-bar toggles: one chart of lines, of bars, of stacked bars, or one small chart per series. */
export const ARRANGEMENTS = ['line', 'bar', 'stack', 'tiled'] as const;
export type Arrangement = (typeof ARRANGEMENTS)[number];

/** What one drawn chart of an arrangement takes. */
export interface Panel {
  kind: 'line' | 'bar';
  data: SeriesChartData;
  options: ChartDisplayOptions;
}

/** A bar or line chart of several series offers the toggles; a single series has nothing to arrange. */
export const offersArrangements = (kind: string, data: unknown): kind is 'line' | 'bar' =>
  (kind === 'line' || kind === 'bar') && ((data as SeriesChartData | undefined)?.series.length ?? 0) > 1;

/** Where the toggles start: as the widget is configured (its kind, stacked or not). */
export const initialArrangement = (kind: 'line' | 'bar', options: ChartDisplayOptions | undefined): Arrangement =>
  options?.stacked ? 'stack' : kind;

/** The charts an arrangement draws: one, or a tile per series in the widget's own kind. */
export function arrangePanels(kind: 'line' | 'bar', data: SeriesChartData, options: ChartDisplayOptions, arrangement: Arrangement): Panel[] {
  const unstacked = { ...options, stacked: false };
  switch (arrangement) {
    case 'line':
    case 'bar':
      return [{ kind: arrangement, data, options: unstacked }];
    case 'stack':
      return [{ kind: 'bar', data, options: { ...options, stacked: true } }];
    case 'tiled':
      // Each tile is titled with its series (a single series has no legend) and keeps the limits,
      // which are what a reader compares each series with.
      return data.series.map((s) => ({ kind, data: { ...data, series: [s] }, options: { ...unstacked, title: s.name } }));
  }
}
