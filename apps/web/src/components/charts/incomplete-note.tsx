import { Text } from '@mantine/core';
import { hasIncomplete } from './from-trends';
import type { ChartSeries } from './types';

/** Explains the hollow points of a chart whose range cuts buckets short; nothing when it cuts none. */
export function IncompleteNote({ series }: { series: readonly ChartSeries[] }) {
  if (!hasIncomplete(series)) return null;
  return (
    <Text size="xs" c="dimmed" mt={4}>
      ○ Hollow points are periods only partly covered (begun before the range, or still running), so they are left off the line.
    </Text>
  );
}
