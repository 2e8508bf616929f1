import { DISPLAY_TIME_ZONE } from '@enviro/domain/format-date';
import { fromWallClock } from '@enviro/domain/time-zone';

/**
 * A datetime-local field's value ('2026-11-28T09:30') read as India's wall clock, whatever the
 * browser's zone, as an ISO instant for the API; '' when empty or not a time.
 */
export function istInstant(value: string): string {
  const wall = Date.parse(`${value}:00Z`);
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && !Number.isNaN(wall) ? new Date(fromWallClock(wall, DISPLAY_TIME_ZONE)).toISOString() : '';
}

/** A form input's props (@mantine/form) as an IstDateTimeField takes them: its string value, the change handler and the error. */
export function fieldOf(props: { value?: unknown; onChange: (value: unknown) => void; error?: React.ReactNode }): { value: string; onChange: (value: string) => void; error?: React.ReactNode } {
  return { value: typeof props.value === 'string' ? props.value : '', onChange: (v) => props.onChange(v), error: props.error };
}
