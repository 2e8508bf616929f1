import { formatRupees } from '@enviro/domain/subscriptions/money';
import type { InvoiceSummary } from '@enviro/contracts/subscriptions';
import { formatDayKey, formatInstant } from '@/lib/dates';

export const rupees = formatRupees;

/** 'DD MMM YYYY' of a day, or '-'. */
export const day = (d: string | null | undefined) => (d ? formatDayKey(d) : '-');

export const TERM_LABELS = { MONTHLY: 'Monthly', ANNUAL: 'Annual' } as const;

export const STATUS_COLORS: Record<string, string> = { TRIAL: 'blue', ENABLED: 'green', GRACE: 'orange', EXPIRED: 'red', AWAITED: 'gray' };

export const STATUS_LABELS: Record<string, string> = { TRIAL: 'Trial', ENABLED: 'Active', GRACE: 'In grace', EXPIRED: 'Expired', AWAITED: 'Awaiting payment', DISABLED: 'Disabled', DEMO: 'Demo' };

export const PURPOSE_LABELS = { NEW: 'New plan', RENEWAL: 'Renewal', UPGRADE: 'Plan change', ADD_ON: 'Add-ons' } as const;

/** What a tenant in its status keeps: monitoring never stops. */
export const LEGAL_NOTE = 'Monitoring, the regulator push, alerts to your board and your compliance record continue whatever the subscription status.';

/** An invoice's e-invoice registration in words: registered, waiting for a try (with the IRP's last error), or failed for good. */
export function eInvoiceText(e: InvoiceSummary['eInvoice']): string {
  if (!e) return 'Not needed';
  if (e.status === 'REGISTERED') return 'Registered';
  const tries = `${e.attempts} ${e.attempts === 1 ? 'try' : 'tries'}`;
  if (e.status === 'FAILED') return `Not registered after ${tries}${e.error ? ` (${e.error})` : ''}: our team registers it by hand`;
  if (e.attempts === 0) return 'Being registered';
  return `Waiting for the IRP: ${tries} failed${e.error ? ` (${e.error})` : ''}; next try ${e.nextAttemptAt ? formatInstant(Date.parse(e.nextAttemptAt)) : 'soon'}`;
}
