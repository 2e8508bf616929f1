// The public-portal feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { useBoards } from './api/get-boards';
export { alertCountKeys } from './api/query-keys';
export { BoardsView } from './components/boards-view';
export { IndustriesView } from './components/industries-view';
export { IndustryView, type BackLink } from './components/industry-view';
