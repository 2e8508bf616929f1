import { Anchor, Badge, Box, Group, Paper, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import type { QualityDay, QualitySlotFlag, QualityState } from '@enviro/contracts/data-quality';
import { DETECTOR_LABELS, STATE_LABELS } from '@enviro/domain/data-quality/detectors';
import { formatIndian } from '@enviro/domain/format-number';
import { LoadFailed, Loading } from '@/components/status/load-state';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDayKey, formatInstant } from '@/lib/dates';
import { useStationQuality } from '../api/get-station-quality';
import { DetectorSettingsPanel } from './detector-settings';
import { FiredList } from './fired-list';
import { scoreColour, ScoreBadge } from './score-badge';

const STATES = ['all', 'suspect', 'invalid', 'calibration', 'maintenance'] as const;
/** Rows drawn at most: a bunched week is 672 slots of one parameter. */
const SHOWN = 300;
const STATE_COLOURS: Record<QualityState, string> = { valid: 'green', calibration: 'blue', maintenance: 'grape', suspect: 'orange', invalid: 'red' };

export function StateBadge({ state }: { state: QualityState }) {
  return (
    <Badge color={STATE_COLOURS[state]} variant="light" radius="sm" tt="none">
      {STATE_LABELS[state]}
    </Badge>
  );
}

/**
 * A station's data quality (issue 36): its score over the period (`from`, `to`: IST days in the
 * URL, the last 7 by default), a cell per day (choosing a day narrows the period to it) and the
 * evidence: every 15-minute slot that is not valid, with its value, state and what fired
 * (`state` narrows them).
 */
export function StationQualityView({ stationId, industryHref }: { stationId: number; industryHref: (tenantId: number) => string }) {
  const [search, setSearch] = useSearchParams();
  const from = search.get('from') ?? undefined;
  const to = search.get('to') ?? undefined;
  const stateParam = search.get('state');
  const state = (STATES as readonly string[]).includes(stateParam ?? '') ? (stateParam as (typeof STATES)[number]) : 'all';
  const view = useStationQuality(stationId, { from, to });
  if (view.error instanceof ApiError && view.error.status === 404)
    return (
      <Stack gap="xs">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Station not found
        </Title>
        <Text>No station with this number is among those you read.</Text>
        <Anchor component={Link} to={paths.app.dataQuality.getHref()}>
          Data quality of your stations
        </Anchor>
      </Stack>
    );
  if (view.error instanceof ApiError && view.error.status === 400) return <Text c="red">{view.error.message}</Text>;
  if (view.isError) return <LoadFailed what="The station's data quality" onRetry={() => void view.refetch()} />;
  if (!view.data) return <Loading />;
  const d = view.data;
  const flags = state === 'all' ? d.flags : d.flags.filter((f) => f.state === state);
  const setState = (value: string) =>
    setSearch((s) => {
      if (value === 'all') s.delete('state');
      else s.set('state', value);
      return s;
    });

  return (
    <Stack gap="md">
      <div>
        <Anchor component={Link} to={paths.app.dataQuality.getHref()} fz="sm">
          ← Data quality of all stations
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {d.stationName}: data quality
        </Title>
        <Text c="dimmed">
          <Anchor component={Link} to={industryHref(d.tenantId)}>
            {d.tenantName}
          </Anchor>
          , {formatDayKey(d.from)} to {formatDayKey(d.to)} (IST)
        </Text>
      </div>
      <Group gap="sm">
        <ScoreBadge score={d.score} />
        <Text fz="sm" c="dimmed">
          Data-quality score of the period: valid slots, less what fired, of the slots with data outside calibration and maintenance.
        </Text>
      </Group>
      <DayCells days={d.days} stationId={stationId} />
      {(from !== undefined || to !== undefined) && d.from === d.to && (
        <Anchor component={Link} to={paths.app.stationQuality.getHref(stationId)} fz="sm">
          Show the last 7 days
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="lg">
          Slots that are not valid
        </Title>
        <SegmentedControl aria-label="State" size="xs" value={state} onChange={setState} data={STATES.map((s) => ({ value: s, label: s === 'all' ? 'All' : STATE_LABELS[s] }))} />
      </Group>
      {flags.length === 0 ? (
        <Text c="dimmed">Every 15-minute slot with data in this period is valid{state === 'all' ? '' : ` or not ${STATE_LABELS[state].toLowerCase()}`}.</Text>
      ) : (
        <FlagTable flags={flags} />
      )}
      <DetectorSettingsPanel stationId={stationId} />
    </Stack>
  );
}

function DayCells({ days, stationId }: { days: readonly QualityDay[]; stationId: number }) {
  return (
    <Group gap={6} role="list" aria-label="Score per day">
      {days.map((day) => (
        <Paper key={day.day} withBorder p={6} role="listitem" miw={92} style={{ borderTop: `4px solid var(--mantine-color-${scoreColour(day.score)}-6)` }}>
          <Anchor component={Link} to={paths.app.stationQuality.getHref(stationId, { from: day.day, to: day.day })} fz="xs">
            {formatDayKey(day.day)}
          </Anchor>
          <Text fw={700}>{day.score === null ? 'No data' : `${day.score.toFixed(1)} %`}</Text>
          {day.fired.length > 0 && <FiredList fired={day.fired} max={1} />}
        </Paper>
      ))}
    </Group>
  );
}

function FlagTable({ flags }: { flags: readonly QualitySlotFlag[] }) {
  return (
    <Box>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder aria-label="Flagged 15-minute slots">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>15 minutes from</Table.Th>
              <Table.Th>Parameter</Table.Th>
              <Table.Th ta="right">Average</Table.Th>
              <Table.Th>Quality</Table.Th>
              <Table.Th>Why</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {flags.slice(0, SHOWN).map((f) => (
              <Table.Tr key={`${f.deviceId}:${f.param}:${f.time}`}>
                <Table.Td>{formatInstant(f.time)}</Table.Td>
                <Table.Td>{f.label}</Table.Td>
                <Table.Td ta="right">{formatIndian(f.value, 2)}</Table.Td>
                <Table.Td>
                  <StateBadge state={f.state} />
                </Table.Td>
                <Table.Td>{f.detectors.map((x) => DETECTOR_LABELS[x]).join(', ') || '–'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {flags.length > SHOWN && (
        <Text fz="sm" c="dimmed" mt="xs">
          The first {SHOWN} of {flags.length} slots; choose a day above to see its own.
        </Text>
      )}
    </Box>
  );
}
