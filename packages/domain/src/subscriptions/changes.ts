import { paise, share, shareDown } from './money.ts';
import { daysBetween } from './terms.ts';

/**
 * Changes within a paid term: an upgrade (dearer plan, more add-ons) is charged at once, prorated by
 * days; a downgrade waits for the renewal; a cancellation ends the subscription at the term's end
 * or at once. Amounts are taxable values in paise (before GST); GST is added on the invoice or
 * reversed on the credit note at the original invoice's rates.
 */

export interface PaidTerm {
  /** [start, end) of the term, India days. */
  start: string;
  end: string;
  /** What was paid for the term, before GST and after any discount. */
  paid: number;
  /** The subscription changed plan or add-ons already in this term. */
  changedThisTerm: boolean;
}

/** Days of the term still to run on `today` (today included), from 0 to the term's length. */
export function daysLeftInTerm(term: PaidTerm, today: string): number {
  const total = daysBetween(term.start, term.end);
  return Math.max(0, Math.min(total, daysBetween(today, term.end)));
}

export type ChangeQuote =
  | { ok: true; credit: number; charge: number; due: number; daysLeft: number; termDays: number }
  | { ok: false; field: string; reason: string };

/**
 * The charge of changing a paid term on `today` to one priced `newTermPrice` for the whole term:
 * the new price for the days left, less a credit of the unused share of what was paid, never below
 * zero. Refused: a second change in the same term, a change after the term ended, and a downgrade
 * (a cheaper term), which is made at the renewal instead.
 */
export function quoteChange(term: PaidTerm, newTermPrice: number, today: string): ChangeQuote {
  paise(term.paid, 'amount paid');
  paise(newTermPrice, 'new price');
  if (term.changedThisTerm) return { ok: false, field: 'planCode', reason: 'the plan was already changed in this term; the next change can be made at the renewal' };
  const termDays = daysBetween(term.start, term.end);
  const daysLeft = daysLeftInTerm(term, today);
  if (daysLeft === 0) return { ok: false, field: 'planCode', reason: 'the term has ended; renew instead' };
  const credit = share(term.paid, daysLeft, termDays);
  const charge = share(newTermPrice, daysLeft, termDays);
  if (charge < credit) return { ok: false, field: 'planCode', reason: 'a smaller plan takes effect at the renewal, not mid-term' };
  return { ok: true, credit, charge, due: charge - credit, daysLeft, termDays };
}

/** The price of adding add-ons for the rest of a term: their price for a whole term, prorated by the days left. */
export function addOnCharge(term: PaidTerm, addOnTermPrice: number, today: string): number {
  return share(paise(addOnTermPrice, 'add-on price'), daysLeftInTerm(term, today), daysBetween(term.start, term.end));
}

export type CancelAction = 'AT_TERM_END' | 'IMMEDIATE' | 'UNDO';

/** Fewest unused days an immediate cancellation refunds. */
export const MIN_REFUND_DAYS = 30;

/**
 * THE REFUND RULE (docs/SUBSCRIPTIONS.md): cancelling at the term's end refunds nothing (the service
 * runs to the end). Cancelling at once refunds, by a credit note, the unused whole days of an annual
 * term, pro rata of what was paid before tax (rounded down to the paisa), when at least 30 days are
 * left; a monthly term, a trial, or fewer than 30 days left refund nothing. GST is reversed on the
 * credit note at the original invoice's rates.
 */
export function refundOnCancel(term: PaidTerm & { annual: boolean }, action: CancelAction, today: string): number {
  if (action !== 'IMMEDIATE' || !term.annual || term.paid === 0) return 0;
  // Today is used: only the days after it are refunded.
  const unused = Math.max(0, daysLeftInTerm(term, today) - 1);
  if (unused < MIN_REFUND_DAYS) return 0;
  return shareDown(term.paid, unused, daysBetween(term.start, term.end));
}
