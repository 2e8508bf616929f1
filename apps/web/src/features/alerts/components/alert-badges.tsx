import { Badge } from '@mantine/core';
import type { AlertSeverity, AlertStatus } from '@enviro/contracts/alerts';
import { SEVERITY_COLOURS, STATUS_COLOURS, titleCase } from './alert-labels';

export const SeverityBadge = ({ severity }: { severity: AlertSeverity }) => (
  <Badge color={SEVERITY_COLOURS[severity]} variant="light">
    {titleCase(severity)}
  </Badge>
);

export const StatusBadge = ({ status }: { status: AlertStatus }) => (
  <Badge color={STATUS_COLOURS[status]} variant={status === 'OPEN' ? 'filled' : 'light'}>
    {titleCase(status)}
  </Badge>
);
