import { DateTimePicker } from '@mantine/dates';
import { DATE_FORMATS } from '@enviro/domain/format-date';

/**
 * A time of day on India's wall clock, picked from a calendar and shown in the app's one format
 * ('28 Nov 2026 09:30'), never the browser's native mm/dd/yyyy field. The value is 'YYYY-MM-DDTHH:mm'
 * (read as IST by the form that sends it), '' when empty.
 */
export function IstDateTimeField({
  label,
  value,
  onChange,
  error,
  required,
  description,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
  required?: boolean;
  description?: string;
}) {
  const picked = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value.replace('T', ' ')}:00` : null;
  return (
    <DateTimePicker
      label={label}
      description={description}
      required={required}
      error={error}
      valueFormat={DATE_FORMATS.instant}
      placeholder="Pick a day and time"
      clearable
      value={picked}
      onChange={(v) => onChange(v ? `${v.slice(0, 10)}T${v.slice(11, 16)}` : '')}
      popoverProps={{ withinPortal: true }}
    />
  );
}
