// The data feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { getEntityMetricQueryOptions, useEntityMetric, type TrendRequest } from './api/get-entity-metric';
export { useRecentValues } from './api/get-recent-values';
export { entityMetricKeys } from './api/query-keys';
export { AirQualityView } from './components/air-quality-view';
export { AqiPanel } from './components/aqi-panel';
export { LiveNote } from './components/live-note';
export { ParameterDashboard } from './components/parameter-dashboard';
export { TrendView } from './components/trend-view';
export { useLiveValues, type LiveState } from './hooks/use-live-values';
export { useParamLabel } from './hooks/use-param-labels';
