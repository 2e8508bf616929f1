import { Badge, Tooltip } from '@mantine/core';
import { SYNC_THRESHOLD_MINUTES, type SyncStatus } from '@enviro/contracts/regulator';
import { SYNC_COLOURS, syncWord } from './sync';

/** What each state means, for the badge's tooltip (SPEC 4, threshold in minutes). */
const MEANING: Record<SyncStatus | 'Not connected', string> = {
  'In Sync': `LIVE, and the regulator has data up to ${SYNC_THRESHOLD_MINUTES} minutes of the newest reading`,
  'Out of Sync': `LIVE, but the regulator lags more than ${SYNC_THRESHOLD_MINUTES} minutes behind the newest reading`,
  Delayed: 'The station is not LIVE: its own data is late',
  'Not connected': 'No enabled mapping on an enabled regulator connection',
};

/** SPEC 4 sync: In Sync, Out of Sync or Delayed (null: not connected), its word always beside the colour. */
export function SyncBadge({ sync, size = 'md' }: { sync: SyncStatus | null; size?: 'sm' | 'md' | 'lg' }) {
  const word = syncWord(sync);
  return (
    <Tooltip label={MEANING[word]} multiline w={260} withArrow>
      {/* Dark shades: white text on them keeps 4.5:1 contrast. */}
      <Badge miw="max-content" color={`${SYNC_COLOURS[word]}.${word === 'Not connected' ? 7 : 9}`} variant="filled" size={size} tt="none" data-sync={word}>
        {word}
      </Badge>
    </Tooltip>
  );
}
