import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatIndian, NO_VALUE } from '@enviro/domain/format-number';

export interface StatTile {
  label: string;
  value: number | null;
  /** Shown instead of a number (limits written as ranges). */
  text?: string;
}

/** A row of labelled figures (min, max, average, limit) with the unit. */
export function StatTiles({ tiles, unit }: { tiles: readonly StatTile[]; unit: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: tiles.length }}>
      {tiles.map((t) => (
        <Paper key={t.label} withBorder p="sm" data-stat={t.label}>
          <Text size="xs" c="dimmed" tt="uppercase">
            {t.label}
          </Text>
          <Text fz={22} fw={700}>
            {t.text ?? formatIndian(t.value, 2)}
            {unit && (t.text === undefined ? t.value !== null : t.text !== NO_VALUE) && (
              <Text span size="sm" c="dimmed" fw={400}>
                {' '}
                {unit}
              </Text>
            )}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
