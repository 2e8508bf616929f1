import { Badge } from '@mantine/core';
import { LIVE_STATUS_COLOURS, LIVE_STATUS_WORDS, type LiveStatusName } from '@/lib/labels';

/** A station's live status, its word beside its colour; decide it with currentLiveStatus (lib/live). */
export function LiveStatusBadge({ status }: { status: LiveStatusName }) {
  return (
    <Badge color={LIVE_STATUS_COLOURS[status]} variant="dot" size="lg" data-live-status={status}>
      {LIVE_STATUS_WORDS[status]}
    </Badge>
  );
}
