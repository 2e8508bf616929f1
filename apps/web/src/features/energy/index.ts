// The energy feature's public face: what the routes and other features may use.
export { EnergyView } from './components/energy-view';
export { GridFactorsView } from './components/grid-factors-view';
