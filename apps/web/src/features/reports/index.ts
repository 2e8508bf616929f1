// The reports feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { useReports } from './api/get-reports';
export { ReportRunner } from './components/report-runner';
export { ScheduledReportsAdmin } from './components/scheduled-reports-admin';
