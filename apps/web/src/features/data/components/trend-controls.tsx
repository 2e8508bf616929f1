import { Grid, Select } from '@mantine/core';
import { AGGREGATORS, aggregationName, type Aggregation } from '@enviro/domain/aggregation';
import { AVERAGING_CHOICES, DURATION_CHOICES, allowedAveraging, resolveChoices, type Averaging } from './trend-options';

interface TrendControlsProps {
  time: string;
  averaging: Averaging;
  onChange: (choice: { time: string; averaging: Averaging }) => void;
  /** How each period's readings are combined: the user's pick, else the catalogue's (marked default). */
  aggregation: { value: Aggregation | undefined; catalogue: Aggregation | undefined; onChange: (aggregation: Aggregation) => void };
}

/**
 * Duration, averaging and aggregation pickers; an averaging the duration cannot take is disabled,
 * and the aggregation is too when every reading is shown.
 */
export function TrendControls({ time, averaging, onChange, aggregation }: TrendControlsProps) {
  const allowed = allowedAveraging(time);
  const aggregationChoices = AGGREGATORS.map((a) => ({
    value: a,
    label: a === aggregation.catalogue ? `${aggregationName(a)} (default)` : aggregationName(a),
  }));
  // Duration and averaging share a phone's row; the aggregation's longer names get one of their own.
  return (
    <Grid maw={720} gutter="sm" align="end">
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <Select
          label="Duration"
          data={DURATION_CHOICES.map((c) => ({ ...c }))}
          value={time}
          onChange={(t) => t && onChange(resolveChoices(t, averaging))}
          allowDeselect={false}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, sm: 4 }}>
        <Select
          label="Averaging"
          data={AVERAGING_CHOICES.map((c) => ({ ...c, disabled: !allowed.includes(c.value) }))}
          value={averaging}
          onChange={(a) => a && onChange({ time, averaging: a as Averaging })}
          allowDeselect={false}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Select
          label="Each period's value"
          data={aggregationChoices}
          value={averaging === 'instances' ? null : (aggregation.value ?? aggregation.catalogue ?? null)}
          placeholder={averaging === 'instances' ? 'Every reading' : undefined}
          disabled={averaging === 'instances'}
          onChange={(a) => a && aggregation.onChange(a as Aggregation)}
          allowDeselect={false}
        />
      </Grid.Col>
    </Grid>
  );
}
