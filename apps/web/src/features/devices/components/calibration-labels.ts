import type { CalibrationDue } from '@enviro/contracts/devices/calibration';

export const DUE_STATE_LABEL: Record<CalibrationDue['state'], string> = {
  OK: 'On schedule',
  DUE: 'Due soon',
  OVERDUE: 'Overdue',
  NEVER: 'Never done',
};

export const DUE_STATE_COLOUR: Record<CalibrationDue['state'], string> = { OK: 'green', DUE: 'orange', OVERDUE: 'red', NEVER: 'red' };

export const CHECK_LABEL: Record<CalibrationDue['check'], string> = { TWO_POINT: 'Zero and span', MULTIPOINT: 'Multipoint' };

export const TYPE_LABEL = { ZERO: 'Zero', SPAN: 'Span', MULTIPOINT: 'Multipoint' } as const;

export const STATUS_COLOUR = { IN_PROGRESS: 'blue', COMPLETED: 'green', ABORTED: 'gray' } as const;
export const STATUS_LABEL = { IN_PROGRESS: 'In progress', COMPLETED: 'Completed', ABORTED: 'Aborted' } as const;

/** A duration as people read it: '45 s', '12 min', '1 h 05 min'. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/**
 * Whether the signed-in user may start, finish and abort calibrations: site staff but support, an
 * industry's partners and its administrators (the server decides; this only hides what it would refuse).
 */
export function mayCalibrate(user: { userType: string; role: string }): boolean {
  if (user.userType === 'site') return ['site', 'admin', 'operations'].includes(user.role);
  if (user.userType === 'partner') return user.role === 'partner' || user.role === 'admin';
  return user.userType === 'tenant' && user.role === 'admin';
}

/** The points a calibration of `type` checks against a span value: zero, span, or zero, half and span. */
export function pointsFor(type: 'ZERO' | 'SPAN' | 'MULTIPOINT', span: number): { kind: 'ZERO' | 'SPAN' | 'POINT'; expected: number }[] {
  if (type === 'ZERO') return [{ kind: 'ZERO', expected: 0 }];
  if (type === 'SPAN') return [{ kind: 'SPAN', expected: span }];
  return [
    { kind: 'ZERO', expected: 0 },
    { kind: 'POINT', expected: span / 2 },
    { kind: 'SPAN', expected: span },
  ];
}

/** Devices of the due list, once each, by name, for a picker. */
export function devicesOf(rows: readonly CalibrationDue[]): { value: string; label: string }[] {
  const seen = new Map<number, string>();
  for (const r of rows) if (!seen.has(r.deviceId)) seen.set(r.deviceId, r.entityName ? `${r.deviceName} · ${r.entityName}` : r.deviceName);
  return [...seen].map(([id, label]) => ({ value: String(id), label })).sort((a, b) => a.label.localeCompare(b.label));
}
