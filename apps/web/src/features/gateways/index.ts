// The gateways feature's public face: what other features and the routes may use.
export { GatewaysPanel } from './components/gateways-panel';
