// The preferences feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { usePreferences } from './api/get-preferences';
export { SettingsView } from './components/settings-view';
