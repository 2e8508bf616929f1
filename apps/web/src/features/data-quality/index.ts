// The data-quality feature's public face: what the routes and other features may use. Anything else
// in the folder is the feature's own (the architecture test holds imports to this file).
export { DataQualityView } from './components/data-quality-view';
export { QualityWatch } from './components/quality-watch';
export { StationQualityPanel } from './components/station-quality-panel';
export { StationQualityView } from './components/station-quality-view';
