// The regulator feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { useBoardStatus } from './api/get-board-status';
export { useNotConnected } from './api/get-not-connected';
export { BoardSyncView } from './components/board-sync-view';
export { ConnectionsView } from './components/connections-view';
export { IndustryRegulatorView } from './components/industry-regulator-view';
export { NotConnectedCard } from './components/not-connected-card';
