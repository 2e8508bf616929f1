// The corporates feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { CorporateSelect } from './components/corporate-select';
export { CorporatesView } from './components/corporates-view';
