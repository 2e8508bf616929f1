// The shell feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { AppFrame } from './components/app-frame';
export { NoAccess } from './components/no-access';
export { NotFound } from './components/not-found';
export { useAutoRefresh } from './hooks/use-auto-refresh';
