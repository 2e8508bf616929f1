import { describe, expect, it } from 'vitest';
import { dueStatus, graceEndsOn, graceReminderStep, hasFeature, LEGAL_DUTIES, mayMove, type LifecycleState } from './lifecycle.ts';

const enabled: LifecycleState = { status: 'ENABLED', paidUntil: '2026-12-01', graceDays: 15, cancelAtTermEnd: false };

describe('lifecycle', () => {
  it.each([
    [enabled, '2026-11-30', null],
    [enabled, '2026-12-01', 'GRACE'],
    [{ ...enabled, status: 'GRACE' }, '2026-12-15', null],
    [{ ...enabled, status: 'GRACE' }, '2026-12-16', 'EXPIRED'],
    [enabled, '2026-12-20', 'EXPIRED'],
    [{ ...enabled, status: 'TRIAL' }, '2026-12-01', 'GRACE'],
    [{ ...enabled, cancelAtTermEnd: true }, '2026-12-01', 'EXPIRED'],
    [{ ...enabled, status: 'EXPIRED' }, '2027-06-01', null],
    [{ ...enabled, status: 'AWAITED', paidUntil: null }, '2027-06-01', null],
  ] as const)('%o on %s moves to %s', (state, today, next) => {
    expect(dueStatus(state, today)).toBe(next);
  });

  it('ends grace after its days', () => {
    expect(graceEndsOn('2026-12-01', 15)).toBe('2026-12-16');
    expect(graceEndsOn('2027-02-20', 15)).toBe('2027-03-07');
  });

  it('moves only along the arrows', () => {
    expect(mayMove('GRACE', 'ENABLED')).toBe(true);
    expect(mayMove('EXPIRED', 'GRACE')).toBe(false);
    expect(mayMove('AWAITED', 'GRACE')).toBe(false);
  });

  it('reminds on entering grace, then 7, 3 and 1 days before expiry, each once', () => {
    expect(graceReminderStep(15, 15, [])).toBe(15);
    expect(graceReminderStep(12, 15, [15])).toBeNull();
    expect(graceReminderStep(7, 15, [15])).toBe(7);
    expect(graceReminderStep(5, 15, [15, 7])).toBeNull();
    expect(graceReminderStep(2, 15, [15])).toBe(3);
    expect(graceReminderStep(1, 15, [15, 3])).toBe(1);
    expect(graceReminderStep(0, 15, [])).toBeNull();
  });

  it('keeps the legal duties whatever the status, premium features until expiry', () => {
    for (const status of ['TRIAL', 'ENABLED', 'GRACE', 'EXPIRED', 'AWAITED']) for (const duty of LEGAL_DUTIES) expect(hasFeature(status, duty)).toBe(true);
    expect(hasFeature('GRACE', 'scheduledReports')).toBe(true);
    expect(hasFeature('EXPIRED', 'scheduledReports')).toBe(false);
  });
});
