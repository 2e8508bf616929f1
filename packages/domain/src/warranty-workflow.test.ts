import { describe, expect, it } from 'vitest';
import { slaState, warrantyMoveProblem, warrantyMovesOf, warrantyTimers } from './warranty-workflow.ts';

describe('warranty workflow', () => {
  it('lets the partner work a request and the industry close or reopen it', () => {
    expect(warrantyMoveProblem('OPEN', 'IN_PROGRESS', 'partner')).toBeNull();
    expect(warrantyMoveProblem('IN_PROGRESS', 'RESOLVED', 'partner')).toBeNull();
    expect(warrantyMoveProblem('RESOLVED', 'CLOSED', 'industry')).toBeNull();
    expect(warrantyMoveProblem('RESOLVED', 'IN_PROGRESS', 'industry')).toBeNull();
    expect(warrantyMovesOf('OPEN', 'partner')).toEqual(['IN_PROGRESS', 'RESOLVED', 'REJECTED']);
    expect(warrantyMovesOf('OPEN', 'industry')).toEqual([]);
  });

  it('refuses jumps and the wrong side', () => {
    expect(warrantyMoveProblem('OPEN', 'CLOSED', 'industry')).toEqual({ kind: 'order', message: 'a request open cannot become closed: it may become in progress, resolved, rejected' });
    expect(warrantyMoveProblem('CLOSED', 'OPEN', 'partner')).toEqual({ kind: 'order', message: 'a request closed cannot become open: nothing follows it' });
    expect(warrantyMoveProblem('OPEN', 'RESOLVED', 'industry')).toEqual({ kind: 'party', message: 'only the partner may make a request resolved' });
  });

  it('runs the SLA clock while the partner has the request, overdue past its due time', () => {
    const due = Date.parse('2026-11-28T12:00:00Z');
    expect(slaState('OPEN', due, due - 90 * 60_000)).toEqual({ minutesLeft: 90, overdue: false });
    expect(slaState('IN_PROGRESS', due, due)).toEqual({ minutesLeft: 0, overdue: false });
    expect(slaState('IN_PROGRESS', due, due + 60_000)).toEqual({ minutesLeft: -1, overdue: true });
    expect(slaState('RESOLVED', due, due + 60_000)).toEqual({ minutesLeft: null, overdue: false });
  });
});

describe('warrantyTimers', () => {
  const H = 3_600_000;
  const raised = Date.parse('2026-11-20T04:30:00Z');
  const r = { respondBy: raised + 4 * H, dueAt: raised + 48 * H };

  it('runs the response clock until the partner answers, then only the resolution clock', () => {
    expect(warrantyTimers({ status: 'OPEN', ...r, respondedAt: null }, raised + H)).toMatchObject({ responseMinutesLeft: 180, responseOverdue: false, overdue: false, minutesLeft: 47 * 60 });
    expect(warrantyTimers({ status: 'OPEN', ...r, respondedAt: null }, raised + 5 * H)).toMatchObject({ responseMinutesLeft: -60, responseOverdue: true, resolutionOverdue: false, overdue: true });
    expect(warrantyTimers({ status: 'IN_PROGRESS', ...r, respondedAt: raised + 5 * H }, raised + 6 * H)).toMatchObject({ responseMinutesLeft: null, responseOverdue: false, respondedLate: true, overdue: false });
    expect(warrantyTimers({ status: 'IN_PROGRESS', ...r, respondedAt: raised + H }, raised + 49 * H)).toMatchObject({ respondedLate: false, resolutionOverdue: true, overdue: true });
  });

  it('stops both clocks once the request left the partner', () => {
    expect(warrantyTimers({ status: 'RESOLVED', ...r, respondedAt: null }, raised + 60 * H)).toMatchObject({ responseMinutesLeft: null, minutesLeft: null, overdue: false });
  });
});
