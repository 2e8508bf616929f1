// The documents feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { DocumentsView } from './components/documents-view';
export { useLabResultMarkers } from './api/lab-result-markers';
export { LabResultsPanel } from './components/lab-results-panel';
export { DocumentPicker } from './components/document-picker';
