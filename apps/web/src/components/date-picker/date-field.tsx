import { Group, Select, Stack } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { dayjs } from '@/lib/dayjs';
import { useState } from 'react';
import type { DayString } from './date-range';

const MONTHS = Array.from({ length: 12 }, (_, m) => ({ value: String(m), label: dayjs().month(m).format('MMMM') }));

interface DateFieldProps {
  value: DayString;
  onChange: (day: DayString) => void;
  /** Years offered in the year dropdown, newest first. */
  years?: number;
}

/** SPEC 2 single-date mode: month and year dropdowns above a calendar that is always shown. */
export function DateField({ value, onChange, years = 10 }: DateFieldProps) {
  const [shown, setShown] = useState(() => dayjs(value).startOf('month'));
  const thisYear = dayjs().year();
  const yearOptions = Array.from({ length: years }, (_, i) => String(thisYear - i));
  return (
    <Stack gap="xs" w="fit-content">
      <Group grow>
        <Select
          aria-label="Month"
          data={MONTHS}
          value={String(shown.month())}
          onChange={(m) => m !== null && setShown(shown.month(Number(m)))}
          allowDeselect={false}
        />
        <Select
          aria-label="Year"
          data={yearOptions}
          value={String(shown.year())}
          onChange={(y) => y !== null && setShown(shown.year(Number(y)))}
          allowDeselect={false}
        />
      </Group>
      <DatePicker
        value={value}
        onChange={(day) => day && onChange(day)}
        date={shown.format('YYYY-MM-DD')}
        onDateChange={(d) => setShown(dayjs(d).startOf('month'))}
        maxDate={dayjs().format('YYYY-MM-DD')}
      />
    </Stack>
  );
}
