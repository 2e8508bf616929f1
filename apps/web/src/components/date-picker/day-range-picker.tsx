import { DatePickerInput } from '@mantine/dates';
import { useState } from 'react';
import { lastAllowedDay, MAX_SPAN_DAYS, rangePresets, type DayString } from './date-range';

export interface DayRange {
  from: DayString | null;
  to: DayString | null;
}

interface DayRangePickerProps {
  value: DayRange;
  /** Called with both days once the second is picked, or with nulls when cleared. */
  onChange: (range: DayRange) => void;
  label: string;
  description?: string;
  placeholder?: string;
  clearable?: boolean;
  error?: string | null;
  maxSpanDays?: number;
  /** The picker's calendar ends here (default today): reports and logs hold no future. */
  maxDate?: DayString;
}

/**
 * The app's one range picker of whole IST days, with the SPEC 2 presets (Today, Yesterday, Last 7
 * Days, Last 30 Days, This Month, Last Month). DateRangePicker adds start and end times to it; every
 * screen that picks a range uses one of the two.
 */
export function DayRangePicker({ value, onChange, label, description, placeholder, clearable = false, error, maxSpanDays = MAX_SPAN_DAYS, maxDate }: DayRangePickerProps) {
  // While the second day is being picked, the first one alone bounds what may be chosen.
  const [pickingFrom, setPickingFrom] = useState<DayString | null>(null);
  const presets = rangePresets(Date.now()).map((p) => ({ label: p.label, value: [p.from, p.to] as [string, string] }));
  const pickDays = ([from, to]: [string | null, string | null]) => {
    if (from && !to) return setPickingFrom(from);
    setPickingFrom(null);
    onChange({ from, to });
  };
  const spanEnd = pickingFrom ? lastAllowedDay(pickingFrom, maxSpanDays) : undefined;
  const end = spanEnd && maxDate ? (spanEnd < maxDate ? spanEnd : maxDate) : (spanEnd ?? maxDate);
  return (
    <DatePickerInput
      type="range"
      label={label}
      description={description}
      placeholder={placeholder}
      clearable={clearable}
      error={error}
      value={pickingFrom ? [pickingFrom, null] : [value.from, value.to]}
      onChange={pickDays}
      presets={presets}
      allowSingleDateInRange
      valueFormat="DD MMM YYYY"
      {...(end ? { maxDate: end } : {})}
    />
  );
}
