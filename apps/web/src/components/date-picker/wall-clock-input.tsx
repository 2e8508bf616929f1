import { Group } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { useState } from 'react';
import { DayInput } from './day-input';

interface WallClockInputProps {
  /** India's wall clock as 'YYYY-MM-DDTHH:mm', or '' until both parts are given. */
  value: string;
  onChange: (value: string) => void;
  /** Names the day field; the time field is '<label> time'. */
  label: string;
  error?: string | undefined;
  required?: boolean;
  miw?: number;
}

/** A moment typed as a day in the app's format and a 24-hour time, both read as IST. */
export function WallClockInput({ value, onChange, label, error, required, miw }: WallClockInputProps) {
  // The parts are kept while only one is given; the value is whole or ''.
  const [day, setDay] = useState(() => value.split('T')[0] ?? '');
  const [time, setTime] = useState(() => value.split('T')[1] ?? '');
  const join = (d: string, t: string) => {
    setDay(d);
    setTime(t);
    onChange(d && /^\d{2}:\d{2}/.test(t) ? `${d}T${t.slice(0, 5)}` : '');
  };
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" miw={miw}>
      <DayInput label={label} value={day} onChange={(d) => join(d, time)} error={error} required={required} miw={140} />
      <TimePicker label={`${label.replace(/ \(IST\)$/, '')} time (IST)`} format="24h" value={time} onChange={(t) => join(day, t)} required={required} w={110} />
    </Group>
  );
}
