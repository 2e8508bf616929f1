import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { DATE_FORMATS, DISPLAY_TIME_ZONE, formatInZone } from '@enviro/domain/format-date';
import { fromWallClock } from '@enviro/domain/time-zone';
import { parseTypedDay } from './typed-day';

/**
 * A wall-clock time typed in the app's one format, '28 Nov 2026 09:30' (or a day as `parseTypedDay`
 * reads it: '28/11/2026 09:30', '2026-11-28 09:30'), as 'YYYY-MM-DDTHH:mm'; '' when it is not a
 * real day and time.
 */
export function parseWallClock(text: string): string {
  const m = /^(.+?)[\sT,]+(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return '';
  const day = parseTypedDay(m[1]!);
  const [h, mi] = [Number(m[2]), Number(m[3])];
  if (day === null || h > 23 || mi > 59) return '';
  return `${day}T${String(h).padStart(2, '0')}:${m[3]}`;
}

/**
 * A time on India's wall clock, typed in the app's one format ('28 Nov 2026 09:30'), never the
 * browser's native mm/dd/yyyy field. The form's value is 'YYYY-MM-DDTHH:mm' (read as IST by the form
 * that sends it), '' while the text is not a day and time.
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
  const [text, setText] = useState(() => (value ? formatInZone(fromWallClock(Date.parse(`${value}:00Z`), DISPLAY_TIME_ZONE), DATE_FORMATS.instant) : ''));
  return (
    <TextInput
      label={label}
      description={description ?? 'Day and time in IST, e.g. 28 Nov 2026 09:30'}
      placeholder={formatInZone(Date.now(), DATE_FORMATS.instant)}
      required={required}
      error={error}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        onChange(parseWallClock(e.currentTarget.value));
      }}
      autoComplete="off"
    />
  );
}
