import { Select } from '@mantine/core';
import { DayRangePicker } from '@/components/date-picker/day-range-picker';
import { dayKey } from '@/lib/dates';
import { dayjs } from '@/lib/dayjs';
import { quarterDays, quarterOf, recentQuarters } from './report-period';

/** IST days from and to (the shared range picker, with its presets), or a quarter; every change is written to the URL. */
export function ReportPeriodFields({ kind, from, to, onChange }: { kind: 'days' | 'quarter'; from: string; to: string; onChange: (p: { from: string; to: string }) => void }) {
  if (kind === 'quarter') {
    return (
      <Select
        label="Quarter (IST)"
        allowDeselect={false}
        data={recentQuarters()}
        value={quarterOf(dayjs(from))}
        onChange={(q) => q && onChange(quarterDays(q))}
        maw={320}
      />
    );
  }
  const invalid = from > to ? 'The end date is before the start date.' : null;
  return (
    <DayRangePicker
      label="Days (IST, both included)"
      value={{ from, to }}
      onChange={(p) => p.from && p.to && onChange({ from: p.from, to: p.to })}
      error={invalid}
      maxDate={dayKey(Date.now())}
    />
  );
}
