import { Text } from '@mantine/core';
import { formatInZone } from '@enviro/domain/format-date';
import type { LiveState } from '../hooks/use-live-values';

/** "● Live: last reading 14:05:09 IST" while a live stream is open; nothing otherwise. */
export function LiveNote({ live, testId }: { live: LiveState; testId: string }) {
  if (!live.connected) return null;
  return (
    <Text size="xs" c="green.8" data-testid={testId}>
      ● Live{live.lastAt !== null ? `: last reading ${formatInZone(live.lastAt, 'HH:mm:ss')} IST` : ''}
    </Text>
  );
}
