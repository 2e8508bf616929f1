import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { DetectorCount, DetectorName } from '@enviro/contracts/data-quality';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { formatDayKey } from '@/lib/dates';
import { useStationQuality } from '../api/get-station-quality';
import { FiredList } from './fired-list';
import { ScoreBadge } from './score-badge';

/**
 * A station's data quality in its station view: the score of the last 7 days, each day's, what
 * fired, and (signed in) a link to the flagged slots.
 */
export function StationQualityPanel({ stationId, evidenceHref }: { stationId: number; evidenceHref?: string | undefined }) {
  const view = useStationQuality(stationId, {});
  if (view.isError) return <LoadFailed what="The data quality" onRetry={() => void view.refetch()} h={80} />;
  if (!view.data) return <Loading h={80} />;
  const d = view.data;
  const fired = new Map<DetectorName, number>();
  for (const day of d.days) for (const f of day.fired) fired.set(f.detector, (fired.get(f.detector) ?? 0) + f.slots);
  const list: DetectorCount[] = [...fired].map(([detector, slots]) => ({ detector, slots })).sort((a, b) => b.slots - a.slots);
  return (
    <Stack gap="xs" aria-label="Data quality">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Data quality, {formatDayKey(d.from)} to {formatDayKey(d.to)}
        </Title>
        {evidenceHref && list.length > 0 && (
          <Anchor component={Link} to={evidenceHref} fz="sm">
            See the flagged slots
          </Anchor>
        )}
      </Group>
      <Group gap="sm">
        <ScoreBadge score={d.score} />
        <FiredList fired={list} />
      </Group>
      <Group gap={4} role="list" aria-label="Score per day">
        {d.days.map((day) => (
          <Text key={day.day} role="listitem" fz="xs" c={day.score !== null && day.score < 98 ? 'red' : 'dimmed'}>
            {formatDayKey(day.day)}: {day.score === null ? 'no data' : `${day.score.toFixed(1)} %`}
            {'  '}
          </Text>
        ))}
      </Group>
    </Stack>
  );
}
