import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { QUALITY_DEFAULT_DAYS } from '@enviro/contracts/data-quality';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { formatDayKey } from '@/lib/dates';
import { useQualityOverview } from '../api/get-quality-overview';
import { FiredList } from './fired-list';
import { ScoreBadge } from './score-badge';

/** Stations the board's overview names: the worst few. */
const WORST = 5;

/**
 * The board's overview's data-quality card: the stations whose last 7 days scored worst (below
 * 100 %), with what fired; each opens its flagged slots ("Flagged slots": the station's name stays
 * the link to its page elsewhere on the dashboard), the card the full list.
 */
export function QualityWatch() {
  const view = useQualityOverview({ days: QUALITY_DEFAULT_DAYS });
  if (view.isError) return <LoadFailed what="The data quality" onRetry={() => void view.refetch()} h={80} />;
  if (!view.data) return <Loading h={80} />;
  const worst = view.data.stations.filter((s) => s.score !== null && s.score < 100).slice(0, WORST);
  const { days } = view.data;
  return (
    <Paper withBorder p="md" aria-label="Data quality">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">
            Data quality, {formatDayKey(days[0]!)} to {formatDayKey(days.at(-1)!)}
          </Title>
          <Anchor component={Link} to={paths.app.dataQuality.getHref()} fz="sm">
            All {view.data.stations.length} stations
          </Anchor>
        </Group>
        {worst.length === 0 ? (
          <Text c="dimmed">No detector fired on any station's data in these days.</Text>
        ) : (
          worst.map((s) => (
            <Group key={s.stationId} gap="sm" justify="space-between" data-testid="quality-watch-station">
              <div style={{ flex: '1 1 220px', minWidth: 0 }}>
                <Text fw={600}>{s.stationName}</Text>
                <Text fz="sm" c="dimmed">
                  {s.tenantName}
                </Text>
              </div>
              <ScoreBadge score={s.score} label={`${s.stationName}: data-quality score`} />
              <div style={{ flex: '1 1 260px' }}>
                <FiredList fired={s.fired} max={2} />
                {/* The station's own links (its page) stay the dashboard's; this one opens the evidence. */}
                <Anchor component={Link} to={paths.app.stationQuality.getHref(s.stationId, { from: days[0], to: days.at(-1) })} fz="sm">
                  Flagged slots
                </Anchor>
              </div>
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}
