import { useParamLabel } from '@/features/data';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { Timeline, TimelineEvent } from '@enviro/contracts/compliance';
import { minutesAboveLimit } from '@enviro/domain/figures';
import { formatInstant, formatOpenSpan } from '@/lib/dates';
import { formatIndian } from '@enviro/domain/format-number';

const COLOURS: Record<TimelineEvent['kind'], string> = { EXCEEDANCE: 'red', OUTAGE: 'gray', CALIBRATION: 'blue', MAINTENANCE: 'violet', STATUS: 'teal', SYNC: 'orange' };
const LABELS: Record<TimelineEvent['kind'], string> = { EXCEEDANCE: 'Exceedance', OUTAGE: 'No data', CALIBRATION: 'Calibration', MAINTENANCE: 'Maintenance', STATUS: 'Status', SYNC: 'Regulator' };

/** Status and regulator sync changes happen at an instant; the others last until `until`. */
const INSTANT: ReadonlySet<TimelineEvent['kind']> = new Set(['STATUS', 'SYNC']);

const when = (e: TimelineEvent) =>
  INSTANT.has(e.kind)
    ? formatInstant(e.at)
    : formatOpenSpan(e.at, e.until);

/** An exceedance episode: its exceedances (15-minute slots) and minutes above the limit, not its start to end (docs/DEFINITIONS.md). */
function exceedanceText(e: TimelineEvent, peak: number, parameter: string): string {
  const slots = e.slots ? `: ${e.slots} exceedance${e.slots === 1 ? '' : 's'} of 15 minutes (${formatIndian(minutesAboveLimit(e.slots))} min above the limit)` : '';
  return `${parameter} beyond its limit${slots}, peak ${formatIndian(peak)}`;
}

/** The compliance timeline, newest first: what happened to the stations and when (IST). */
export function ComplianceTimeline({ timeline, stationNames }: { timeline: Timeline; stationNames: ReadonlyMap<number, string> }) {
  const paramLabel = useParamLabel();
  if (timeline.items.length === 0) return <Text c="dimmed">Nothing happened in this period: no exceedance, outage, calibration or maintenance.</Text>;
  return (
    <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {timeline.items.map((e, i) => (
        <Paper component="li" withBorder p="xs" key={`${e.kind}-${e.at}-${e.deviceId}-${i}`}>
          <Group gap="xs" wrap="wrap">
            <Badge color={COLOURS[e.kind]} variant="light">
              {LABELS[e.kind]}
            </Badge>
            <Text size="sm" fw={600}>
              {e.stationId === null ? '' : (stationNames.get(e.stationId) ?? `Station ${e.stationId}`)}
            </Text>
            <Text size="sm" c="dimmed">
              {when(e)}
            </Text>
          </Group>
          <Text size="sm">
            {e.kind === 'EXCEEDANCE' && e.peak !== null ? exceedanceText(e, e.peak, paramLabel(e.parameter)) : e.text}
          </Text>
        </Paper>
      ))}
      {timeline.items.length === timeline.limit && (
        <Text size="xs" c="dimmed">
          The latest {timeline.limit} events are shown.
        </Text>
      )}
    </Stack>
  );
}
