import { Badge } from '@mantine/core';
import type { WarrantyStatus } from '@enviro/contracts/warranty-requests';
import { WARRANTY_STATUS_COLOURS, WARRANTY_STATUS_LABELS } from './warranty-labels';

export const WarrantyStatusBadge = ({ status }: { status: WarrantyStatus }) => (
  <Badge color={WARRANTY_STATUS_COLOURS[status]} variant={status === 'OPEN' ? 'filled' : 'light'} style={{ minWidth: 'max-content' }}>
    {WARRANTY_STATUS_LABELS[status]}
  </Badge>
);

export const OverdueBadge = () => (
  <Badge color="red" variant="filled" style={{ minWidth: 'max-content' }}>
    Overdue
  </Badge>
);
