import type { AqiQuery } from './get-aqi';
import type { TrendRequest } from './get-entity-metric';
import type { RecentRequest } from './get-recent-values';

const ENTITY_METRIC = ['entity-metric'] as const;
const RECENT_VALUES = ['recent-values'] as const;
const AQI = ['aqi'] as const;

/** Trends of stations' parameters; auto-refresh and live values refetch under `all`. */
export const entityMetricKeys = {
  all: ENTITY_METRIC,
  request: (request: TrendRequest) => [...ENTITY_METRIC, request] as const,
};

/** Stations' recent values; live values refetch under `all`. */
export const recentValueKeys = {
  all: RECENT_VALUES,
  request: (request: RecentRequest) => [...RECENT_VALUES, request] as const,
};

/** The standard parameter catalogue, one for every tenant. */
export const stdParamKeys = {
  all: ['std-params'] as const,
};

/** National AQI of stations. */
export const aqiKeys = {
  all: AQI,
  request: (request: AqiQuery) => [...AQI, request] as const,
};

/** The air-quality view of many stations: every industry the user reads, or one. */
export const airQualityKeys = {
  all: ['air-quality'] as const,
  view: (industry: number | undefined) => ['air-quality', industry ?? null] as const,
};
