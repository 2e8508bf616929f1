import { Badge } from '@mantine/core';
import type { AlertSeverity, AlertStatus } from '@enviro/contracts/alerts';
import { SEVERITY_COLOURS, STATUS_COLOURS, titleCase } from './alert-labels';

export const SeverityBadge = ({ severity }: { severity: AlertSeverity }) => (
  // min-width: the whole word even when a table is short of room (Mantine's badge would cut it to 'CRIT…').
  <Badge color={SEVERITY_COLOURS[severity]} variant="light" style={{ minWidth: 'max-content' }}>
    {titleCase(severity)}
  </Badge>
);

export const StatusBadge = ({ status }: { status: AlertStatus }) => (
  <Badge color={STATUS_COLOURS[status]} variant={status === 'OPEN' ? 'filled' : 'light'} style={{ minWidth: 'max-content' }}>
    {titleCase(status)}
  </Badge>
);
