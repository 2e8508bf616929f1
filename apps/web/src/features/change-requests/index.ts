// The change-requests feature's public face: what the routes may use.
export { ChangeRequestView } from './components/change-request-view';
export { ChangeRequestsView } from './components/change-requests-view';
