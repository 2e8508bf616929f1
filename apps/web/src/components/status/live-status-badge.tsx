import { Badge } from '@mantine/core';
import { LIVE_STATUS_COLOURS, type LiveStatusName } from '@/lib/labels';

export function LiveStatusBadge({ status }: { status: LiveStatusName }) {
  return (
    <Badge color={LIVE_STATUS_COLOURS[status]} variant="dot" size="lg">
      {status}
    </Badge>
  );
}
