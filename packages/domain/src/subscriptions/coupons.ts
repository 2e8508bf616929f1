import { paise } from './money.ts';

/**
 * Coupons: a percentage or a fixed amount off, valid until a day (inclusive), redeemable a number
 * of times in all, once per subscriber, for some plans or all; applied to one invoice (ONCE) or to
 * every invoice of the subscription while it keeps the plan (RECURRING). The discount never exceeds
 * the amount it is taken from: nothing becomes negative.
 */
export interface Coupon {
  code: string;
  kind: 'PERCENT' | 'FIXED';
  /** Basis points off for PERCENT (1000 = 10 %), paise off for FIXED. */
  value: number;
  /** Last day it can be applied; null: no end. */
  validUntil: string | null;
  /** How many subscribers may redeem it in all; null: no limit. */
  maxRedemptions: number | null;
  redeemed: number;
  duration: 'ONCE' | 'RECURRING';
  /** Plans it applies to; empty: every plan. */
  planCodes: readonly string[];
  active: boolean;
}

/** Coupon codes: letters, digits, '-' and '_', 3 to 32, upper case. */
export const COUPON_CODE = /^[A-Z0-9_-]{3,32}$/;

/** Why a coupon's definition is wrong, or null. */
export function couponDefinitionProblem(c: Pick<Coupon, 'code' | 'kind' | 'value' | 'maxRedemptions'>): { field: string; reason: string } | null {
  if (!COUPON_CODE.test(c.code)) return { field: 'code', reason: 'a coupon code is 3 to 32 capital letters, digits, - or _' };
  if (c.kind === 'PERCENT' && (!Number.isInteger(c.value) || c.value <= 0 || c.value > 10_000)) return { field: 'value', reason: 'a percentage is 1 to 10000 basis points (0.01 % to 100 %)' };
  if (c.kind === 'FIXED' && (!Number.isSafeInteger(c.value) || c.value <= 0)) return { field: 'value', reason: 'a fixed discount is a positive number of paise' };
  if (c.maxRedemptions !== null && (!Number.isInteger(c.maxRedemptions) || c.maxRedemptions < 1)) return { field: 'maxRedemptions', reason: 'a usage limit is at least 1' };
  return null;
}

export interface RedemptionContext {
  planCode: string;
  today: string;
  /** The subscriber redeemed this coupon before. */
  usedBySubscriber: boolean;
}

/** Why `coupon` cannot be applied here (the message the subscriber reads), or null when it can. */
export function couponProblem(coupon: Coupon, at: RedemptionContext): string | null {
  if (!coupon.active) return `coupon ${coupon.code} is withdrawn`;
  if (coupon.validUntil !== null && at.today > coupon.validUntil) return `coupon ${coupon.code} expired on ${coupon.validUntil}`;
  if (coupon.planCodes.length > 0 && !coupon.planCodes.includes(at.planCode)) return `coupon ${coupon.code} is not for plan ${at.planCode} (only ${coupon.planCodes.join(', ')})`;
  if (at.usedBySubscriber) return `coupon ${coupon.code} was already used by this subscriber`;
  if (coupon.maxRedemptions !== null && coupon.redeemed >= coupon.maxRedemptions) return `coupon ${coupon.code} has been used its ${coupon.maxRedemptions} times`;
  return null;
}

/** The discount of `coupon` on `amount` paise: rounded down for a percentage, at most the amount. */
export function discountOf(coupon: Pick<Coupon, 'kind' | 'value'>, amount: number): number {
  paise(amount);
  const off = coupon.kind === 'PERCENT' ? Number((BigInt(amount) * BigInt(coupon.value)) / 10_000n) : coupon.value;
  return Math.min(off, amount);
}

/** Whether a coupon the subscription holds applies to its next invoice: a recurring one while it keeps the plan. */
export function appliesOnRenewal(coupon: Pick<Coupon, 'duration' | 'planCodes'>, planCode: string): boolean {
  return coupon.duration === 'RECURRING' && (coupon.planCodes.length === 0 || coupon.planCodes.includes(planCode));
}
