import { Group, Select, TextInput } from '@mantine/core';
import { dayjs } from '@/lib/dayjs';
import { quarterDays, quarterOf, recentQuarters } from './report-period';

/** IST days from and to, or a quarter; every change is written to the URL. */
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
    <Group grow align="flex-start" wrap="wrap">
      <TextInput type="date" label="From (IST)" miw={150} value={from} onChange={(e) => onChange({ from: e.currentTarget.value || from, to })} />
      <TextInput type="date" label="To (IST, inclusive)" miw={150} value={to} onChange={(e) => onChange({ from, to: e.currentTarget.value || to })} error={invalid} />
    </Group>
  );
}
