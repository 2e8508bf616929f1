import type { AlertComparison, AlertCondition, AlertItem, AlertSeverity, AlertStatus } from '@enviro/contracts/alerts';
import { formatIndian } from '@enviro/domain/format-number';

export const SEVERITY_COLOURS: Record<AlertSeverity, string> = { CRITICAL: 'red', MAJOR: 'orange', MINOR: 'yellow', WARNING: 'blue' };

export const STATUS_COLOURS: Record<AlertStatus, string> = { OPEN: 'red', ACKNOWLEDGED: 'orange', RESOLVED: 'green', CLOSED: 'gray' };

/** What each rule condition (and alert type) means, in words. */
export const CONDITION_LABELS: Record<AlertCondition, string> = {
  AVG_15M: '15-minute average',
  SUSTAINED: 'Sustained breach',
  // Not an exceedance: one reading, not a 15-minute average (docs/DEFINITIONS.md).
  INSTANT: 'Single reading outside a limit',
  DATA_LOSS: 'Data loss',
  DATA_FILL: 'Data fill',
  DEVICE_DIAGNOSTIC: 'Device diagnostics',
  ENERGY_BUDGET: 'Energy budget reached',
  // A system alert: the monitoring's own equipment, not a measurement (docs/CAMERAS.md).
  CAMERA_OFFLINE: 'Camera offline (system)',
};

export const COMPARISON_LABELS: Record<AlertComparison, string> = { ABOVE: 'above', BELOW: 'below', OUTSIDE: 'outside' };

/** 'OPEN' → 'Open'. */
export const titleCase = (word: string) => word.charAt(0) + word.slice(1).toLowerCase();

/** The limit an alert broke, e.g. '≤ 50 mg/Nm3' or '6.5 – 8.5'; '-' when it has none (data loss). */
export function limitText(a: Pick<AlertItem, 'limitMin' | 'limitMax' | 'unit'>): string {
  const unit = a.unit ? ` ${a.unit}` : '';
  if (a.limitMin !== null && a.limitMax !== null) return `${formatIndian(a.limitMin)} – ${formatIndian(a.limitMax)}${unit}`;
  if (a.limitMax !== null) return `≤ ${formatIndian(a.limitMax)}${unit}`;
  if (a.limitMin !== null) return `≥ ${formatIndian(a.limitMin)}${unit}`;
  return '-';
}

/** The peak with its unit, '-' without one. */
export const peakText = (a: Pick<AlertItem, 'peak' | 'unit'>) => (a.peak === null ? '-' : `${formatIndian(a.peak)}${a.unit ? ` ${a.unit}` : ''}`);

/** The parameter an alert is about, or 'Whole device' for data loss and fill ('Camera' for a camera's alert). */
export const paramText = (a: Pick<AlertItem, 'paramLabel' | 'paramName' | 'deviceId'>) => a.paramLabel ?? a.paramName ?? (a.deviceId === null ? 'Camera' : 'Whole device');

/**
 * An alert as a sentence names it: its parameter and where, 'the PM alert at Kiln & Raw Mill Stack'
 * ('the alert of Analyser 7 at ...' for a whole-device alert), never 'alert 42'.
 */
export function alertName(a: Pick<AlertItem, 'paramLabel' | 'paramName' | 'stationName' | 'deviceName'>): string {
  const where = a.stationName ?? a.deviceName;
  const what = a.paramLabel ?? a.paramName;
  return what ? `the ${what} alert at ${where}` : `the alert of ${a.deviceName}${a.stationName ? ` at ${a.stationName}` : ''}`;
}

/** Whether a person can still act on it. */
export const isActive = (status: AlertStatus) => status === 'OPEN' || status === 'ACKNOWLEDGED';
