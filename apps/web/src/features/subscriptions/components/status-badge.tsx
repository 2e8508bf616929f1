import { Badge } from '@mantine/core';
import { STATUS_COLORS, STATUS_LABELS } from './billing-labels';

export function BillingStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light">
      {STATUS_LABELS[status] ?? status}
    </Badge>
  );
}
