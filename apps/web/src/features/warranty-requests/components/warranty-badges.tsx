import { Badge } from '@mantine/core';
import type { WarrantyStatus } from '@enviro/contracts/warranty-requests';
import { WARRANTY_STATUS_COLOURS, WARRANTY_STATUS_LABELS } from './warranty-labels';

export const WarrantyStatusBadge = ({ status }: { status: WarrantyStatus }) => (
  <Badge color={WARRANTY_STATUS_COLOURS[status]} variant={status === 'OPEN' ? 'filled' : 'light'} style={{ minWidth: 'max-content' }}>
    {WARRANTY_STATUS_LABELS[status]}
  </Badge>
);

/** Overdue, naming the clock that ran out: no response in time, or not resolved in time. */
export const OverdueBadge = ({ w }: { w?: { responseOverdue: boolean; resolutionOverdue: boolean } }) => (
  <Badge color="red" variant="filled" style={{ minWidth: 'max-content' }}>
    {w?.resolutionOverdue ? 'Overdue' : w?.responseOverdue ? 'Response overdue' : 'Overdue'}
  </Badge>
);
