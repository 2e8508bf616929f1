// The entities feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { useAlertLimits } from './api/get-alert-limits';
export { getEntityTreeQueryOptions, useEntityTree } from './api/get-entity-tree';
export { alertLimitKeys, entityTreeKeys } from './api/query-keys';
export { StationsPanel } from './components/stations-panel';
