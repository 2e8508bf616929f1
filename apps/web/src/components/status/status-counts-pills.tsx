import { Badge, Flex } from '@mantine/core';
import { formatIndian } from '@enviro/domain/format-number';
import { shownCounts, statusCountsText, type StatusCount } from './status-counts';

/**
 * Counts by status as labelled pills ('Live 3', 'Delayed 1', 'Offline 0'): the word is always
 * beside the number and the colour, so no pill needs a tooltip to be read; a zero is grey.
 */
export function StatusCountsPills({ counts }: { counts: readonly StatusCount[] }) {
  return (
    // One pill a line on a phone, so a narrow column shows each whole; side by side, wrapping, wider.
    <Flex gap={4} wrap="wrap" direction={{ base: 'column', sm: 'row' }} align="flex-start" aria-label={statusCountsText(counts)} data-testid="status-counts">
      {shownCounts(counts).map((c) => (
        <Badge key={c.label} color={c.count > 0 ? c.colour : 'gray'} variant="light" tt="none" fw={600} miw="max-content">
          {c.label} {formatIndian(c.count, 0)}
        </Badge>
      ))}
    </Flex>
  );
}
