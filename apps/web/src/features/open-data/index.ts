// The open-data feature's public face: what the routes and other features may use.
export { ConfirmKeyView } from './components/confirm-key-view';
export { DevelopersView } from './components/developers-view';
export { PublicationCard } from './components/publication-card';
