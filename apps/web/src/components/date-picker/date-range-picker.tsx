import { Group, Stack, Text } from '@mantine/core';
import { DatePickerInput, TimeInput } from '@mantine/dates';
import { useState } from 'react';
import {
  MAX_SPAN_DAYS,
  kolkataInstant,
  kolkataParts,
  lastAllowedDay,
  rangeError,
  rangePresets,
  type DayString,
  type InstantRange,
} from './date-range';

interface DateRangePickerProps {
  value: InstantRange;
  onChange: (range: InstantRange) => void;
  label?: string;
  maxSpanDays?: number;
}

/**
 * SPEC 2 range mode: a day range with the six presets, and start and end times to the minute.
 * Days and times are Kolkata wall time. Ranges over the maximum span cannot be picked.
 */
export function DateRangePicker({ value, onChange, label = 'Period', maxSpanDays = MAX_SPAN_DAYS }: DateRangePickerProps) {
  const start = kolkataParts(value.start);
  const end = kolkataParts(value.end);
  // While the second day is being picked, the first one alone bounds what may be chosen.
  const [pickingFrom, setPickingFrom] = useState<DayString | null>(null);
  const error = rangeError(value, maxSpanDays);
  const presets = rangePresets(Date.now()).map((p) => ({ label: p.label, value: [p.from, p.to] as [string, string] }));

  const pickDays = ([from, to]: [string | null, string | null]) => {
    if (from && !to) return setPickingFrom(from);
    setPickingFrom(null);
    if (from && to) onChange({ start: kolkataInstant(from, start.time), end: kolkataInstant(to, to === end.day ? end.time : '23:59') });
  };

  return (
    <Stack gap={4}>
      <DatePickerInput
        type="range"
        label={label}
        value={pickingFrom ? [pickingFrom, null] : [start.day, end.day]}
        onChange={pickDays}
        presets={presets}
        allowSingleDateInRange
        valueFormat="DD MMM YYYY"
        {...(pickingFrom ? { maxDate: lastAllowedDay(pickingFrom, maxSpanDays) } : {})}
      />
      <Group grow>
        <TimeInput
          label="Start time"
          value={start.time}
          step={60}
          onChange={(e) => e.currentTarget.value && onChange({ ...value, start: kolkataInstant(start.day, e.currentTarget.value) })}
        />
        <TimeInput
          label="End time"
          value={end.time}
          step={60}
          onChange={(e) => e.currentTarget.value && onChange({ ...value, end: kolkataInstant(end.day, e.currentTarget.value) })}
        />
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
