// The entities feature's public face: what other features and the routes may use.
export { StationsPanel } from './components/stations-panel';
