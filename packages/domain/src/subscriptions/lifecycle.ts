import { daysBetween } from './terms.ts';

/**
 * The billing statuses of a tenant (SPEC 3) and how they move:
 *
 *   AWAITED --paid--> ENABLED
 *   TRIAL --paid--> ENABLED;   TRIAL --trial ends unpaid--> GRACE
 *   ENABLED --term ends unpaid--> GRACE;   ENABLED --term ends, cancelled--> EXPIRED
 *   GRACE --paid--> ENABLED;   GRACE --grace days pass--> EXPIRED
 *   EXPIRED --paid--> ENABLED
 *
 * MONITORING IS A LEGAL DUTY: whatever the status, the tenant's readings are taken in, pushed to its
 * regulator, alerted to its board and kept in its compliance record. An expired tenant loses only
 * premium features.
 */
export type BillingStatus = 'TRIAL' | 'ENABLED' | 'GRACE' | 'EXPIRED' | 'AWAITED';

export const BILLING_STATUSES: readonly BillingStatus[] = ['TRIAL', 'ENABLED', 'GRACE', 'EXPIRED', 'AWAITED'];

/** Days of grace after an unpaid term ends, unless configured otherwise. */
export const DEFAULT_GRACE_DAYS = 15;

export interface LifecycleState {
  status: BillingStatus;
  /** The day after the paid (or trial) term's last day; null for AWAITED (nothing bought yet). */
  paidUntil: string | null;
  graceDays: number;
  /** Cancelled to end at the term's end. */
  cancelAtTermEnd: boolean;
}

/** The status the time alone moves a subscription to on `today`, or null when it stays. Payments move it with `onPaid`. */
export function dueStatus(s: LifecycleState, today: string): BillingStatus | null {
  if (s.paidUntil === null || s.status === 'AWAITED' || s.status === 'EXPIRED') return null;
  if (today < s.paidUntil) return null;
  if (s.cancelAtTermEnd) return 'EXPIRED';
  const target = daysBetween(s.paidUntil, today) >= s.graceDays ? 'EXPIRED' : 'GRACE';
  return target === s.status ? null : target;
}

/** The day a subscription in grace expires. */
export function graceEndsOn(paidUntil: string, graceDays: number): string {
  const [y, m, d] = paidUntil.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + graceDays)).toISOString().slice(0, 10);
}

/** Status after a payment of a term: ENABLED from any billing status. */
export function onPaid(_status: BillingStatus): BillingStatus {
  return 'ENABLED';
}

/** Whether a status may move to another by the lifecycle's arrows (the worker and payments only take these). */
export function mayMove(from: BillingStatus, to: BillingStatus): boolean {
  const arrows: Record<BillingStatus, readonly BillingStatus[]> = {
    AWAITED: ['ENABLED'],
    TRIAL: ['ENABLED', 'GRACE', 'EXPIRED'],
    ENABLED: ['GRACE', 'EXPIRED', 'ENABLED'],
    GRACE: ['ENABLED', 'EXPIRED'],
    EXPIRED: ['ENABLED'],
  };
  return arrows[from].includes(to);
}

/** Reminder steps in grace, by days left before expiry: on entering grace (its length), then 7, 3 and 1 days before. */
export const GRACE_REMINDER_DAYS = [7, 3, 1] as const;

/**
 * The reminder step due with `daysLeft` days of grace left: the grace length itself on entry, then
 * the nearest of 7, 3, 1 reached. A step already sent, or a nearer one, is not sent again (the
 * caller keeps the steps sent).
 */
export function graceReminderStep(daysLeft: number, graceDays: number, sent: readonly number[]): number | null {
  if (daysLeft <= 0) return null;
  const reached = [...GRACE_REMINDER_DAYS].reverse().find((d) => daysLeft <= d) ?? graceDays;
  return sent.some((s) => s <= reached) ? null : reached;
}

/** What a tenant keeps whatever its status: the duties monitoring law puts on it and its board. */
export const LEGAL_DUTIES = ['ingestion', 'regulatorPush', 'boardAlerts', 'complianceRecord'] as const;

/**
 * What a subscription pays for beyond them. Open data is not among them: a tenant is published (the
 * portal, the open API) only in a public status, so an EXPIRED industry leaves both at once.
 */
export const PREMIUM_FEATURES = ['scheduledReports', 'dashboardEditing', 'cameraPlaylists'] as const;

export type Feature = (typeof LEGAL_DUTIES)[number] | (typeof PREMIUM_FEATURES)[number];

/** Whether a tenant of `status` has `feature`: the legal duties always; premium features until it expires. */
export function hasFeature(status: string, feature: Feature): boolean {
  if ((LEGAL_DUTIES as readonly string[]).includes(feature)) return true;
  return status !== 'EXPIRED' && status !== 'DISABLED' && status !== 'DELETED';
}
