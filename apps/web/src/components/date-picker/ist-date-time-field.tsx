import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { DATE_FORMATS, DISPLAY_TIME_ZONE, formatInZone } from '@enviro/domain/format-date';
import { fromWallClock } from '@enviro/domain/time-zone';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A wall-clock time typed in the app's one format, '28 Nov 2026 09:30' (the ISO '2026-11-28 09:30'
 * is read too), as 'YYYY-MM-DDTHH:mm'; '' when it is not a real day and time.
 */
export function parseWallClock(text: string): string {
  const t = text.trim();
  let y: number, mo: number, d: number, h: number, mi: number;
  const named = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4}),? (\d{1,2}):(\d{2})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(t);
  if (named) {
    [d, mo, y, h, mi] = [Number(named[1]), MONTHS.indexOf(named[2]!.toLowerCase()) + 1, Number(named[3]), Number(named[4]), Number(named[5])];
  } else if (iso) {
    [y, mo, d, h, mi] = [Number(iso[1]), Number(iso[2]), Number(iso[3]), Number(iso[4]), Number(iso[5])];
  } else {
    return '';
  }
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(wall);
  if (mo < 1 || h > 23 || mi > 59 || back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return '';
  return back.toISOString().slice(0, 16);
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
