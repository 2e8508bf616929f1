import { describe, expect, it } from 'vitest';
import { appliesOnRenewal, couponDefinitionProblem, couponProblem, discountOf, type Coupon } from './coupons.ts';

const welcome: Coupon = { code: 'WELCOME10', kind: 'PERCENT', value: 1000, validUntil: '2026-12-31', maxRedemptions: 2, redeemed: 0, duration: 'ONCE', planCodes: ['STANDARD'], active: true };
const at = { planCode: 'STANDARD', today: '2026-11-28', usedBySubscriber: false };

describe('coupons', () => {
  it('applies a valid coupon', () => {
    expect(couponProblem(welcome, at)).toBeNull();
    expect(couponProblem(welcome, { ...at, today: '2026-12-31' })).toBeNull();
  });

  it.each([
    [{ validUntil: '2026-11-27' }, at, 'expired on 2026-11-27'],
    [{}, { ...at, planCode: 'PREMIUM' }, 'is not for plan PREMIUM (only STANDARD)'],
    [{ redeemed: 2 }, at, 'has been used its 2 times'],
    [{}, { ...at, usedBySubscriber: true }, 'already used by this subscriber'],
    [{ active: false }, at, 'withdrawn'],
  ] as const)('refuses %o with %o: %s', (change, ctx, reason) => {
    expect(couponProblem({ ...welcome, ...change }, ctx)).toContain(reason);
  });

  it('takes a percentage rounded down and never more than the amount', () => {
    expect(discountOf(welcome, 11_100_00)).toBe(1_110_00);
    expect(discountOf(welcome, 999)).toBe(99);
    expect(discountOf({ kind: 'FIXED', value: 2_000_00 }, 1_500_00)).toBe(1_500_00);
    expect(discountOf({ kind: 'PERCENT', value: 10_000 }, 12_345)).toBe(12_345);
  });

  it('recurs on renewals only when recurring and for the plan kept', () => {
    expect(appliesOnRenewal(welcome, 'STANDARD')).toBe(false);
    expect(appliesOnRenewal({ ...welcome, duration: 'RECURRING' }, 'STANDARD')).toBe(true);
    expect(appliesOnRenewal({ ...welcome, duration: 'RECURRING' }, 'PREMIUM')).toBe(false);
    expect(appliesOnRenewal({ duration: 'RECURRING', planCodes: [] }, 'PREMIUM')).toBe(true);
  });

  it('names the field of a wrong definition', () => {
    expect(couponDefinitionProblem({ code: 'x', kind: 'FIXED', value: 1, maxRedemptions: null })?.field).toBe('code');
    expect(couponDefinitionProblem({ code: 'OFF', kind: 'PERCENT', value: 10_001, maxRedemptions: null })?.field).toBe('value');
    expect(couponDefinitionProblem({ code: 'OFF', kind: 'FIXED', value: -5, maxRedemptions: null })?.field).toBe('value');
    expect(couponDefinitionProblem({ code: 'OFF', kind: 'FIXED', value: 5, maxRedemptions: 0 })?.field).toBe('maxRedemptions');
    expect(couponDefinitionProblem({ code: 'OFF', kind: 'FIXED', value: 5, maxRedemptions: 1 })).toBeNull();
  });
});
