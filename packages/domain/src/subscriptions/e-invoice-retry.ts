/**
 * When a failed e-invoice registration is tried again (docs/SUBSCRIPTIONS.md, "E-invoice"): after
 * 1 minute, then doubling (2, 4, 8 … minutes) up to 6 hours apart, for 12 attempts in all (about a
 * day and a half); then the invoice is marked FAILED for an operator, well inside the IRP's 30 days
 * for reporting an invoice.
 */
export const E_INVOICE_MAX_ATTEMPTS = 12;

const MINUTE = 60_000;
const LONGEST_WAIT = 6 * 60 * MINUTE;

/** The wait in ms before the next attempt after `attempts` failed ones, or null when no attempt is left. */
export function eInvoiceRetryDelay(attempts: number): number | null {
  if (attempts >= E_INVOICE_MAX_ATTEMPTS) return null;
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT);
}
