import { formatIndian } from '@enviro/domain/format-number';
import { CHART_DEFAULTS, type CalendarHeatmapData, type ChartDisplayOptions, type ChartOption, type HeatmapBand } from '../types';

/** SPEC 9: legend bands at 10, 15, 20, 25 and 30 % of the value range (and the rest above). */
export const HEATMAP_BAND_SHARES = [0.1, 0.15, 0.2, 0.25, 0.3] as const;

/** SPEC 2: a calendar heatmap shows this year and at most 3 previous years. */
export const MAX_PREVIOUS_YEARS = 3;

const BAND_COLOURS = ['#e7f5ff', '#a5d8ff', '#4dabf7', '#fab005', '#fd7e14', '#e03131'] as const;

/** Height of one year's calendar, px (7 rows of 14 px cells, month labels, a gap). */
export const CALENDAR_YEAR_HEIGHT = 150;

/**
 * The legend bands of a range (SPEC 9): from the lowest value up to 10 % of the range, then to 15,
 * 20, 25 and 30 %, and a last band from 30 % to the highest value.
 */
export function heatmapBands(min: number, max: number, decimals = 0): HeatmapBand[] {
  const span = max - min;
  // Enough decimals that the narrowest band (5 % of the range) has edges that differ.
  const places = Math.min(4, Math.max(decimals, span > 0 ? Math.ceil(-Math.log10(span * 0.05)) : 0));
  const edges = [min, ...HEATMAP_BAND_SHARES.map((s) => min + span * s), max];
  return edges.slice(0, -1).map((from, i) => {
    const to = edges[i + 1]!;
    const last = i === edges.length - 2;
    return {
      min: from,
      ...(last ? {} : { max: to }),
      label: `${formatIndian(from, places)}–${formatIndian(to, places)}`,
      colour: BAND_COLOURS[i]!,
    };
  });
}

/** The years shown: the newest and at most `MAX_PREVIOUS_YEARS` before it, newest first. */
export function shownYears(data: CalendarHeatmapData): CalendarHeatmapData['years'] {
  return [...data.years].sort((a, b) => b.year - a.year).slice(0, MAX_PREVIOUS_YEARS + 1);
}

/**
 * Calendar heatmap (SPEC 1, 9): a year of daily values per heatmap, one under another, newest on
 * top, coloured by the bands of the range of every value shown (or fixed bands, e.g. AQI categories).
 */
export function buildCalendarHeatmapOption(data: CalendarHeatmapData, options: ChartDisplayOptions = {}): ChartOption {
  const decimals = options.decimals ?? CHART_DEFAULTS.decimals;
  const years = shownYears(data);
  const values = years.flatMap((y) => y.days.flatMap(([, v]) => (v === null ? [] : [v])));
  const min = Math.min(...values);
  const max = Math.max(...values);
  const bands = data.bands ?? heatmapBands(min, max, decimals);
  const top = options.title ? 56 : 28;
  return {
    ...(options.title ? { title: { text: options.title, left: 0, textStyle: { fontSize: 14 } } } : {}),
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (p: unknown) => {
        const [date, value] = (p as { value: [string, number | null] }).value;
        return `${date}<br/>${escapeHtml(data.name)}: <b>${formatIndian(value, decimals)}</b>${data.unit ? ` ${escapeHtml(data.unit)}` : ''}`;
      },
    },
    visualMap: {
      type: 'piecewise',
      orient: 'horizontal',
      left: 0,
      top: options.title ? 28 : 0,
      itemWidth: 12,
      itemHeight: 10,
      itemGap: 6,
      // Six bands fit one line of a half-width widget.
      textStyle: { fontSize: 10 },
      pieces: bands.map((b) => ({
        ...(b.min !== undefined ? { gte: b.min } : {}),
        ...(b.max !== undefined ? { lt: b.max } : {}),
        label: b.label,
        color: b.colour,
      })),
    },
    calendar: years.map((y, i) => ({
      top: top + 36 + i * CALENDAR_YEAR_HEIGHT,
      left: 36,
      right: 8,
      cellSize: ['auto', 14],
      range: String(y.year),
      yearLabel: { show: true, position: 'left', margin: 24, fontSize: 12 },
      dayLabel: { firstDay: 1, nameMap: ['S', 'M', 'T', 'W', 'T', 'F', 'S'], fontSize: 9 },
      monthLabel: { fontSize: 10 },
      itemStyle: { borderWidth: 1, borderColor: options.dark ? '#222' : '#fff' },
      splitLine: { show: false },
    })),
    series: years.map((y, i) => ({
      type: 'heatmap' as const,
      name: String(y.year),
      coordinateSystem: 'calendar' as const,
      calendarIndex: i,
      data: y.days.filter(([, v]) => v !== null).map(([d, v]) => [d, v]),
    })),
  };
}

/** The height a calendar heatmap needs for its years. */
export function calendarHeatmapHeight(data: CalendarHeatmapData, withTitle = false): number {
  return (withTitle ? 92 : 64) + shownYears(data).length * CALENDAR_YEAR_HEIGHT;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
