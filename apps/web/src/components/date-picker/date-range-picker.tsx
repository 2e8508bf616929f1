import { Group, Stack, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { MAX_SPAN_DAYS, kolkataInstant, kolkataParts, rangeError, type InstantRange } from './date-range';
import { DayRangePicker, type DayRange } from './day-range-picker';

interface DateRangePickerProps {
  value: InstantRange;
  onChange: (range: InstantRange) => void;
  label?: string;
  maxSpanDays?: number;
}

/**
 * SPEC 2 range mode: a day range with the six presets, and start and end times to the minute.
 * Days and times are Kolkata wall time, times on the 24-hour clock as every other time on screen. Ranges over the maximum span cannot be picked.
 */
export function DateRangePicker({ value, onChange, label = 'Period', maxSpanDays = MAX_SPAN_DAYS }: DateRangePickerProps) {
  const start = kolkataParts(value.start);
  const end = kolkataParts(value.end);
  const error = rangeError(value, maxSpanDays);
  const pickDays = ({ from, to }: DayRange) => {
    if (from && to) onChange({ start: kolkataInstant(from, start.time), end: kolkataInstant(to, to === end.day ? end.time : '23:59') });
  };

  return (
    <Stack gap={4}>
      <DayRangePicker label={label} value={{ from: start.day, to: end.day }} onChange={pickDays} maxSpanDays={maxSpanDays} />
      <Group grow>
        <TimePicker
          label="Start time (IST)"
          format="24h"
          hoursInputLabel="Start hour"
          minutesInputLabel="Start minute"
          value={start.time}
          onChange={(v) => /^\d{2}:\d{2}/.test(v) && onChange({ ...value, start: kolkataInstant(start.day, v.slice(0, 5)) })}
        />
        <TimePicker
          label="End time (IST)"
          format="24h"
          hoursInputLabel="End hour"
          minutesInputLabel="End minute"
          value={end.time}
          onChange={(v) => /^\d{2}:\d{2}/.test(v) && onChange({ ...value, end: kolkataInstant(end.day, v.slice(0, 5)) })}
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
