import type { EntityType } from '@enviro/contracts/common';
import type { Widget } from '@enviro/contracts/dashboards';

/** A station type's stations and the parameters their devices report, in catalogue order. */
export interface StationTypeParams {
  type: EntityType;
  entityIds: number[];
  params: string[];
  /** Display labels of the parameters ('PM2.5' for 'pm2_5'). */
  labels?: Record<string, string>;
}

const AIR_QUALITY_PARAMS = ['pm2_5', 'pm25', 'pm10', 'pm'];
const ENERGY_TYPES: readonly string[] = ['Energy Meter', 'meter', 'inverter', 'chiller'];

/**
 * The template dashboard of a station type (SPEC 1 dashboard management: one per station type for
 * each industry): the trend of its parameters, daily bars, the first parameter's daily
 * candlesticks, a year's calendar heatmap and its stations by hour, laid on the 12-column grid.
 * Ambient-air stations get the air-quality widget; energy meters hourly sums.
 */
export function templateWidgets(station: StationTypeParams): Widget[] {
  const params = station.params.slice(0, 4);
  const first = AIR_QUALITY_PARAMS.find((p) => station.params.includes(p)) ?? params[0]!;
  const energy = ENERGY_TYPES.includes(station.type);
  const label = (p: string) => station.labels?.[p] ?? p;
  const base = { entityIds: [] as number[], entityType: station.type, attributes: {} };
  const widgets: Widget[] = [
    {
      ...base,
      id: 'trend',
      kind: 'line',
      name: `${params.map(label).join(', ')}: last 7 days`,
      layout: { x: 0, y: 0, w: 8, h: 4 },
      params,
      interval: 'hour_1',
      duration: '7d-ago',
      attributes: { showmax: true },
    },
    station.type === 'caaqms'
      ? {
          ...base,
          id: 'air-quality',
          kind: 'airQuality',
          name: `${label(first)}: daily, 30 days`,
          layout: { x: 8, y: 0, w: 4, h: 4 },
          params: [first],
          interval: 'day_1',
          duration: '30d-ago',
        }
      : {
          ...base,
          id: 'daily',
          kind: 'bar',
          name: `${label(first)}: daily, 30 days`,
          layout: { x: 8, y: 0, w: 4, h: 4 },
          params: [first],
          interval: 'day_1',
          duration: '30d-ago',
          ...(energy ? { aggregation: 'sum' as const } : {}),
        },
    {
      ...base,
      id: 'candles',
      kind: 'candlestick',
      name: `${label(first)}: daily open, close, low, high`,
      layout: { x: 0, y: 4, w: 6, h: 4 },
      params: [first],
      interval: 'day_1',
      duration: '30d-ago',
    },
    {
      ...base,
      id: 'stations-by-hour',
      kind: 'facilityHeatmap',
      name: `${label(first)}: stations by hour, 2 days`,
      layout: { x: 6, y: 4, w: 6, h: 4 },
      params: [first],
      interval: 'hour_1',
      duration: '2d-ago',
      ...(energy ? { aggregation: 'sum' as const } : {}),
    },
    {
      ...base,
      id: 'calendar',
      kind: 'calendarHeatmap',
      name: `${label(first)}: daily, this year`,
      layout: { x: 0, y: 8, w: 12, h: 4 },
      params: [first],
      interval: 'day_1',
      duration: '1y-ago',
      attributes: { numberofyears: 0 },
    },
  ];
  if (params.length >= 2) {
    widgets.push({
      ...base,
      id: 'dual-axis',
      kind: 'dualAxis',
      name: `${label(params[0]!)} and ${label(params[1]!)}`,
      layout: { x: 0, y: 12, w: 12, h: 4 },
      params: params.slice(0, 2),
      interval: 'hour_1',
      duration: '7d-ago',
      attributes: { types: ['line', 'bar'] },
    });
  }
  return widgets;
}
