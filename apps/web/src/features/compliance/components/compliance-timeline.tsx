import { useParamLabel } from '@/features/data';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { Timeline, TimelineEvent } from '@enviro/contracts/compliance';
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
            {e.kind === 'EXCEEDANCE' && e.peak !== null ? `${paramLabel(e.parameter)} beyond its limit, peak ${formatIndian(e.peak)}${e.slots ? ` over ${e.slots} slot${e.slots === 1 ? '' : 's'}` : ''}` : e.text}
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
