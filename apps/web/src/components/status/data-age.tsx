import { Group, Text } from '@mantine/core';
import { ageText, dataAgeColour, type DataAgeColour } from '@enviro/domain/data-age';
import { formatInstant } from '@/lib/dates';

/** The SPEC 4 data-age colours, in shades that keep 4.5:1 contrast on white (WCAG AA). */
const COLOURS: Record<DataAgeColour, string> = {
  green: '#1e7b34',
  orange: '#b35900',
  red: '#c92a2a',
  darkgrey: '#495057',
};

/** Words for each band, so the colour is never the only cue. */
const WORDS: Record<DataAgeColour, string> = {
  green: 'within 4 hours',
  orange: 'within 24 hours',
  red: 'older than 24 hours',
  darkgrey: 'no data yet',
};

/** The time of the last reading, coloured by its age. */
export function DataAge({ lastDataAt, label = 'Last data' }: { lastDataAt: string | null; label?: string }) {
  const colour = dataAgeColour(lastDataAt);
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}:
      </Text>
      <Text size="sm" fw={600} c={COLOURS[colour]} title={WORDS[colour]} data-age={colour}>
        {lastDataAt ? formatInstant(lastDataAt) : 'Never'}
      </Text>
    </Group>
  );
}

/** When a value was measured, coloured by its age (SPEC 4), then how long ago in words and what it is. */
export function AgeStamp({ at, note }: { at: number; note: string }) {
  const colour = dataAgeColour(at);
  return (
    <>
      <Text size="sm" fw={600} c={COLOURS[colour]} title={WORDS[colour]} data-age={colour}>
        {formatInstant(at)}
      </Text>
      <Text size="xs" c="dimmed">
        {ageText(at)} · {note}
      </Text>
    </>
  );
}
