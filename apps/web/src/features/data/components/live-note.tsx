import { Text } from '@mantine/core';
import type { LiveStatus } from '@enviro/domain/live-status';
import { formatInstant } from '@/lib/dates';
import { LIVE_STATUS_WORDS } from '@/lib/labels';
import { currentLiveStatus, newestReading, useNow } from '@/lib/live';
import type { LiveState } from '../hooks/use-live-values';

/** Text colours of the note, dark enough for 4.5:1 on white. */
const COLOURS: Record<LiveStatus, string> = { LIVE: 'green.8', DELAYED: 'orange.9', OFFLINE: 'red.9', UNKNOWN: 'gray.7' };

interface LiveNoteProps {
  live: LiveState;
  /**
   * The status the page's badge shows (currentLiveStatus of the same readings), so note and badge
   * never disagree; without it the note decides from the stream's newest reading, by the same rule.
   */
  status?: LiveStatus;
  /** The newest reading known besides the stream's (the station's last data). */
  lastDataAt?: string | null;
  testId: string;
}

/**
 * While a live stream is open, what it says about the readings: "● Live: last reading 28 Nov 2026
 * 01:53 IST" only when that reading is live; otherwise "● Delayed: ..." or "● Offline: ...", as the
 * badge beside it. Nothing while no stream is open.
 */
export function LiveNote({ live, status, lastDataAt = null, testId }: LiveNoteProps) {
  const now = useNow();
  if (!live.connected) return null;
  const shown = status ?? currentLiveStatus(now, lastDataAt, live.lastAt);
  const last = newestReading(lastDataAt, live.lastAt);
  const words = shown === 'UNKNOWN' ? 'Waiting for the first reading' : `${LIVE_STATUS_WORDS[shown]}${last !== null ? `: last reading ${formatInstant(last)} IST` : ''}`;
  return (
    <Text size="xs" c={COLOURS[shown]} data-testid={testId} data-live-status={shown}>
      ● {words}
    </Text>
  );
}
