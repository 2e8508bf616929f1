import { Group, Select } from '@mantine/core';
import { AVERAGING_CHOICES, DURATION_CHOICES, allowedAveraging, resolveChoices, type Averaging } from './trend-options';

interface TrendControlsProps {
  time: string;
  averaging: Averaging;
  onChange: (choice: { time: string; averaging: Averaging }) => void;
}

/** Duration and averaging pickers; an averaging the duration cannot take is disabled. */
export function TrendControls({ time, averaging, onChange }: TrendControlsProps) {
  const allowed = allowedAveraging(time);
  return (
    <Group grow wrap="nowrap" maw={480}>
      <Select
        label="Duration"
        data={DURATION_CHOICES.map((c) => ({ ...c }))}
        value={time}
        onChange={(t) => t && onChange(resolveChoices(t, averaging))}
        allowDeselect={false}
      />
      <Select
        label="Averaging"
        data={AVERAGING_CHOICES.map((c) => ({ ...c, disabled: !allowed.includes(c.value) }))}
        value={averaging}
        onChange={(a) => a && onChange({ time, averaging: a as Averaging })}
        allowDeselect={false}
      />
    </Group>
  );
}
