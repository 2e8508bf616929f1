import { Badge } from '@mantine/core';
import type { TenantStatus } from '@enviro/contracts/common';

const COLOURS: Record<TenantStatus, string> = {
  ENABLED: 'green',
  TRIAL: 'blue',
  GRACE: 'yellow',
  DEMO: 'grape',
  AWAITED: 'cyan',
  EXPIRED: 'orange',
  DISABLED: 'gray',
  DELETED: 'red',
};

export function TenantStatusBadge({ status }: { status: TenantStatus }) {
  return (
    <Badge color={COLOURS[status]} variant="light">
      {status}
    </Badge>
  );
}
