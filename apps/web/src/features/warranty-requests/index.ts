// The warranty-requests feature's public face: what the routes may use.
export { WarrantyRequestView } from './components/warranty-request-view';
export { WarrantyRequestsView } from './components/warranty-requests-view';
