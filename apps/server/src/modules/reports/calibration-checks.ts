import type { CalibrationType } from '@enviro/domain/calibration-schedule';

export interface CheckRule {
  check: 'TWO_POINT' | 'MULTIPOINT';
  /** Days between two checks; 0 turns the check off. */
  everyDays: number;
}

/**
 * Calibration checks of one parameter over a period: how many its rules ask for in `days` days of
 * service (a check every 15 days over 90 days: 6), and how many the completed calibrations of the
 * period make, each rule's count capped at what it asked for. A two-point check needs a zero and a
 * span point (a multipoint calibration gives both); a multipoint check needs a multipoint one.
 */
export function calibrationChecks(rules: readonly CheckRule[], completed: readonly CalibrationType[], days: number): { due: number; done: number } {
  const count = (t: CalibrationType) => completed.filter((c) => c === t).length;
  const multi = count('MULTIPOINT');
  let due = 0;
  let done = 0;
  for (const rule of rules) {
    if (rule.everyDays <= 0) continue;
    const asked = Math.floor(days / rule.everyDays);
    const made = rule.check === 'MULTIPOINT' ? multi : Math.min(count('ZERO') + multi, count('SPAN') + multi);
    due += asked;
    done += Math.min(asked, made);
  }
  return { due, done };
}
