import type { ChangeRequest, ChangeRequestStatus, Correction, CrType } from '@enviro/contracts/change-requests';
import { formatIndian } from '@enviro/domain/format-number';

export const STATUS_LABELS: Record<ChangeRequestStatus, string> = {
  SUBMITTED: 'Submitted',
  UNDER_REVIEW: 'Under review',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
  CLOSED: 'Closed',
};

export const STATUS_COLOURS: Record<ChangeRequestStatus, string> = {
  SUBMITTED: 'blue',
  UNDER_REVIEW: 'yellow',
  APPROVED: 'green',
  REJECTED: 'red',
  WITHDRAWN: 'gray',
  CLOSED: 'gray',
};

export const TYPE_LABELS: Record<CrType, string> = { MAINTENANCE: 'Maintenance', CORRECTION: 'Correction' };

/** The button that makes a move, in the words of the one who makes it. */
export const MOVE_LABELS: Record<ChangeRequestStatus, string> = {
  SUBMITTED: 'Submit',
  UNDER_REVIEW: 'Take up for review',
  APPROVED: 'Approve',
  REJECTED: 'Reject',
  WITHDRAWN: 'Withdraw',
  CLOSED: 'Close',
};

/** What a correction asks, in words: '× 1,000 + 0' or 'not process data'. */
export function correctionText(c: Correction | null): string {
  if (c === null) return '-';
  if (c.kind === 'INVALID') return 'Readings are not process data (left out)';
  if (c.kind === 'REPLACE') return `Every reading of the period becomes ${formatIndian(c.value)}`;
  const offset = c.offset === 0 ? '' : ` ${c.offset < 0 ? '−' : '+'} ${formatIndian(Math.abs(c.offset))}`;
  return `Corrected value = reading × ${formatIndian(c.factor)}${offset}`;
}

/** A request named in a sentence: 'maintenance request 12 (Kiln stack)'. */
export const requestName = (r: Pick<ChangeRequest, 'id' | 'crType' | 'station'>) => `${TYPE_LABELS[r.crType].toLowerCase()} request ${r.id} (${r.station})`;
