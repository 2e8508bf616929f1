import { describe, expect, it } from 'vitest';
import { checksKept, defaultCalibrationRules, deviationPercent, driftVerdict, dueState, lastSatisfied, rulesFor, spanOf } from './calibration-schedule.ts';

const d = (s: string) => new Date(s);

describe('calibration schedule', () => {
  it('gives gases two-point every 15 days and multipoint every 90, PM quarterly, pH ±0.2 monthly', () => {
    expect(defaultCalibrationRules('so2').map((r) => [r.check, r.everyDays])).toEqual([['TWO_POINT', 15], ['MULTIPOINT', 90]]);
    expect(defaultCalibrationRules('pm')).toEqual([{ param: 'pm', check: 'TWO_POINT', everyDays: 90, tolerance: 10, toleranceUnit: 'PERCENT' }]);
    expect(defaultCalibrationRules('ph')[0]).toMatchObject({ tolerance: 0.2, toleranceUnit: 'ABSOLUTE', everyDays: 30 });
    expect(defaultCalibrationRules('flow')).toEqual([]);
  });

  it("lets a tenant's rule replace the protocol's for that check only", () => {
    const own = { param: 'so2', check: 'TWO_POINT' as const, everyDays: 7, tolerance: 2, toleranceUnit: 'PERCENT' as const };
    expect(rulesFor('so2', [own]).map((r) => [r.check, r.everyDays])).toEqual([['TWO_POINT', 7], ['MULTIPOINT', 90]]);
    expect(rulesFor('flow', [{ ...own, param: 'flow' }])).toHaveLength(1);
  });

  it('counts a two-point check done at the older of zero and span; a multipoint covers both', () => {
    expect(lastSatisfied('TWO_POINT', { ZERO: d('2025-01-10'), SPAN: d('2025-01-05') })).toEqual(d('2025-01-05'));
    expect(lastSatisfied('TWO_POINT', { ZERO: d('2025-01-10') })).toBeUndefined();
    expect(lastSatisfied('TWO_POINT', { ZERO: d('2025-01-10'), MULTIPOINT: d('2025-01-12') })).toEqual(d('2025-01-12'));
    expect(lastSatisfied('MULTIPOINT', { ZERO: d('2025-01-10'), SPAN: d('2025-01-10') })).toBeUndefined();
  });

  it('is OK, DUE within 2 days, OVERDUE past its date, NEVER when never done and past its first date', () => {
    const rule = { everyDays: 15 };
    const since = d('2024-01-01T00:00:00Z');
    expect(dueState(rule, d('2025-01-01T00:00:00Z'), since, d('2025-01-05T00:00:00Z'))).toEqual({ state: 'OK', dueAt: d('2025-01-16T00:00:00Z') });
    expect(dueState(rule, d('2025-01-01T00:00:00Z'), since, d('2025-01-14T12:00:00Z')).state).toBe('DUE');
    expect(dueState(rule, d('2025-01-01T00:00:00Z'), since, d('2025-01-16T00:00:00Z')).state).toBe('OVERDUE');
    expect(dueState(rule, undefined, since, d('2025-01-16T00:00:00Z')).state).toBe('NEVER');
    expect(dueState(rule, undefined, d('2025-01-10T00:00:00Z'), d('2025-01-12T00:00:00Z')).state).toBe('OK');
  });

  it('relates a zero point to the span and other points to their expected value', () => {
    expect(deviationPercent({ expected: 0, measured: 2 }, 200)).toBe(1);
    expect(deviationPercent({ expected: 200, measured: 190 }, 200)).toBe(-5);
    expect(deviationPercent({ expected: 0, measured: 2 }, null)).toBeNull();
    expect(deviationPercent({ expected: 100, measured: null }, 100)).toBeNull();
    expect(spanOf(undefined, [{ expected: 0, measured: 1 }, { expected: 400, measured: 1 }])).toBe(400);
    expect(spanOf(500, [])).toBe(500);
  });

  it('passes within tolerance and drifts beyond it, in percent or in the unit', () => {
    const pct = { tolerance: 5, toleranceUnit: 'PERCENT' as const };
    expect(driftVerdict([{ expected: 0, measured: 4 }, { expected: 200, measured: 195 }], 200, pct)).toBe('PASS');
    expect(driftVerdict([{ expected: 200, measured: 180 }], 200, pct)).toBe('DRIFT');
    expect(driftVerdict([{ expected: 7, measured: 7.3 }], null, { tolerance: 0.2, toleranceUnit: 'ABSOLUTE' })).toBe('DRIFT');
    expect(driftVerdict([{ expected: 7, measured: null }], null, pct)).toBeNull();
  });
});

describe('checksKept', () => {
  const day = (d: string) => new Date(`${d}T00:00:00Z`);
  const rule = { check: 'MULTIPOINT' as const, everyDays: 10 };
  const since = day('2026-01-01');

  it('counts each due date in the period and whether it was kept', () => {
    // Due 11 Jan (done 9th), 19 Jan (done 25th, late), 4 Feb (not done): January has two dues, one kept.
    const done = [{ type: 'MULTIPOINT' as const, endedAt: day('2026-01-09') }, { type: 'MULTIPOINT' as const, endedAt: day('2026-01-25') }];
    expect(checksKept(rule, done, since, day('2026-01-01'), day('2026-02-01'))).toEqual({ due: 2, onTime: 1 });
    // February: due 4 Feb and never done, then nothing more is due (one overdue check).
    expect(checksKept(rule, done, since, day('2026-02-01'), day('2026-03-01'))).toEqual({ due: 1, onTime: 0 });
    // March: still overdue from before: one due, not kept.
    expect(checksKept(rule, done, since, day('2026-03-01'), day('2026-04-01'))).toEqual({ due: 1, onTime: 0 });
  });

  it('needs zero and span for a two-point check, a multipoint covering both', () => {
    const two = { check: 'TWO_POINT' as const, everyDays: 14 };
    const zeroOnly = [{ type: 'ZERO' as const, endedAt: day('2026-01-10') }];
    expect(checksKept(two, zeroOnly, since, since, day('2026-01-16'))).toEqual({ due: 1, onTime: 0 });
    const both = [...zeroOnly, { type: 'SPAN' as const, endedAt: day('2026-01-12') }];
    expect(checksKept(two, both, since, since, day('2026-01-16'))).toEqual({ due: 1, onTime: 1 });
    expect(checksKept(two, [{ type: 'MULTIPOINT' as const, endedAt: day('2026-01-14') }], since, since, day('2026-01-16'))).toEqual({ due: 1, onTime: 1 });
  });

  it('starts from a check done before the device was registered', () => {
    // Registered 1 March with a check done 19 February: due 1 March (ten days on), never done since.
    const done = [{ type: 'MULTIPOINT' as const, endedAt: day('2026-02-19') }];
    expect(checksKept(rule, done, day('2026-03-01'), day('2026-02-01'), day('2026-03-31'))).toEqual({ due: 1, onTime: 0 });
  });

  it('expects nothing before the first due date', () => {
    expect(checksKept(rule, [], since, since, day('2026-01-05'))).toEqual({ due: 0, onTime: 0 });
  });
});
