import { Badge } from '@mantine/core';
import type { ChangeRequestStatus } from '@enviro/contracts/change-requests';
import { STATUS_COLOURS, STATUS_LABELS } from './change-request-labels';

export const ChangeRequestStatusBadge = ({ status }: { status: ChangeRequestStatus }) => (
  <Badge color={STATUS_COLOURS[status]} variant={status === 'SUBMITTED' ? 'filled' : 'light'} style={{ minWidth: 'max-content' }}>
    {STATUS_LABELS[status]}
  </Badge>
);
