// The alerts feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { AlertRulesView } from './components/alert-rules-view';
export { AlertView } from './components/alert-view';
export { AlertsView } from './components/alerts-view';
export { EscalationsView } from './components/escalations-view';
export { NotificationPreferencesCard } from './components/notification-preferences-card';
export { OpenAlertsPanel } from './components/open-alerts-panel';
