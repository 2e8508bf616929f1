// The dashboards feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { prefetchBoard } from './api/prefetch-board';
export { BoardView } from './components/board-view';
export { DashboardsList } from './components/dashboards-list';
export { OversightView } from './components/oversight-view';
export { TenantsOverview } from './components/tenants-overview';
export { industryOf } from './components/board-industry';
