import { DateInput, type DateInputProps } from '@mantine/dates';
import { DATE_FORMATS } from '@enviro/domain/format-date';
import { parseTypedDay } from './typed-day';

interface DayInputProps extends Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat' | 'dateParser'> {
  /** 'YYYY-MM-DD', or '' when empty. */
  value: string;
  onChange: (day: string) => void;
}

/**
 * A day field in the app's one format ('28 Nov 2026'), typed or picked from a calendar; a native
 * date input would show the browser's own format (mm/dd/yyyy in an American Chromium).
 */
export function DayInput({ value, onChange, ...props }: DayInputProps) {
  return (
    <DateInput
      {...props}
      value={value === '' ? null : value}
      onChange={(day) => onChange(day ?? '')}
      valueFormat={DATE_FORMATS.day}
      dateParser={parseTypedDay}
      placeholder={props.placeholder ?? 'DD MMM YYYY'}
      clearable={!props.required}
    />
  );
}
