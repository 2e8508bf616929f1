// The compliance feature's public face: what the routes and other features may use. Anything else in
// the folder is the feature's own (the architecture test holds imports to this file).
export { useComplianceData } from './api/get-compliance-data';
export { useComplianceStats, useCountStats, useStats, type CountStatsPath } from './api/get-stats';
export { useTimeline } from './api/get-timeline';
export { BoardComplianceView, SORTS, type SortKey } from './components/board-compliance-view';
export { ComplianceTimeline } from './components/compliance-timeline';
export { Share, formatPercent } from './components/figures';
export { GroundWaterView } from './components/ground-water-view';
export { IndustryScorecard } from './components/industry-scorecard';
export { periodChoices, periodFrom, periodLabel } from './components/period';
