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
    // min-width: the whole word even when a table is short of room (Mantine's badge would cut it to 'DI…').
    <Badge color={COLOURS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {status}
    </Badge>
  );
}
