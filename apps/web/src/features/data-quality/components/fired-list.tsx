import { Badge, Group, Text } from '@mantine/core';
import type { DetectorCount } from '@enviro/contracts/data-quality';
import { DETECTOR_LABELS } from '@enviro/domain/data-quality/detectors';

/** What fired, most slots first: "Flat line (stuck value) · 24 slots". */
export function FiredList({ fired, max = 4 }: { fired: readonly DetectorCount[]; max?: number }) {
  if (fired.length === 0) return <Text fz="sm" c="dimmed">Nothing fired</Text>;
  return (
    <Group gap={6}>
      {fired.slice(0, max).map((f) => (
        <Badge key={f.detector} variant="light" color="orange" radius="sm" tt="none">
          {DETECTOR_LABELS[f.detector]} · {f.slots} slot{f.slots === 1 ? '' : 's'}
        </Badge>
      ))}
      {fired.length > max && <Text fz="xs" c="dimmed">and {fired.length - max} more</Text>}
    </Group>
  );
}
