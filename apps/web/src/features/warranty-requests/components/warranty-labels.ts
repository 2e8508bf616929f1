import type { WarrantyRequest, WarrantyStatus } from '@enviro/contracts/warranty-requests';

export const WARRANTY_STATUS_LABELS: Record<WarrantyStatus, string> = { OPEN: 'Open', IN_PROGRESS: 'In progress', RESOLVED: 'Resolved', REJECTED: 'Rejected', CLOSED: 'Closed' };
export const WARRANTY_STATUS_COLOURS: Record<WarrantyStatus, string> = { OPEN: 'blue', IN_PROGRESS: 'yellow', RESOLVED: 'green', REJECTED: 'red', CLOSED: 'gray' };

/** The button of a move, in the words of whoever makes it. */
export const WARRANTY_MOVE_LABELS: Record<WarrantyStatus, string> = { OPEN: 'Reopen', IN_PROGRESS: 'Start work', RESOLVED: 'Mark resolved', REJECTED: 'Reject', CLOSED: 'Close' };

/** The SLA in words: '2 d 4 h left', 'overdue by 5 h', or '-' once the partner is done with it. */
export function slaText(w: Pick<WarrantyRequest, 'slaMinutesLeft' | 'resolutionOverdue'>): string {
  if (w.slaMinutesLeft === null) return '-';
  const span = minutesText(Math.abs(w.slaMinutesLeft));
  return w.resolutionOverdue ? `overdue by ${span}` : `${span} left`;
}

/** The response clock in words: time left to respond, overdue, or when the partner responded. */
export function responseText(w: Pick<WarrantyRequest, 'responseMinutesLeft' | 'responseOverdue' | 'respondedAt'>, formatAt: (iso: string) => string): string {
  if (w.responseMinutesLeft !== null) {
    const span = minutesText(Math.abs(w.responseMinutesLeft));
    return w.responseOverdue ? `no response, overdue by ${span}` : `${span} left to respond`;
  }
  return w.respondedAt ? `responded ${formatAt(w.respondedAt)}` : '-';
}

/** Minutes as the two largest units: '2 d 4 h', '5 h 10 min', '12 min'. */
export function minutesText(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return `${m} min`;
}
