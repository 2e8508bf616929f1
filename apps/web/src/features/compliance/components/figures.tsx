import { Text } from '@mantine/core';
import { formatIndian } from '@enviro/domain/format-number';

/** A share in percent, Indian grouping, one decimal; '—' when nothing was expected. */
export const formatPercent = (value: number | null) => (value === null ? '—' : `${formatIndian(value, 1)} %`);

/** Colour of an availability or within-limit share: red below 75 %, orange below 85 %, green otherwise. */
export function shareColour(value: number | null): string | undefined {
  if (value === null) return undefined;
  if (value < 75) return 'red.9';
  if (value < 85) return 'orange.9';
  return 'green.9';
}

export function Share({ value }: { value: number | null }) {
  return (
    <Text span fw={600} c={shareColour(value)} style={{ whiteSpace: 'nowrap' }}>
      {formatPercent(value)}
    </Text>
  );
}

/** Minutes as '2 h 15 min'. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 ? `${formatIndian(h, 0)} h` : `${formatIndian(h, 0)} h ${m} min`;
}
