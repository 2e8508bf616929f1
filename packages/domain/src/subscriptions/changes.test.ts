import { describe, expect, it } from 'vitest';
import { addOnCharge, quoteChange, refundOnCancel } from './changes.ts';

// An annual term of 365 days, 36,500.00 paid: 100.00 a day.
const year = { start: '2026-04-01', end: '2027-04-01', paid: 36_500_00, changedThisTerm: false };

describe('upgrade proration', () => {
  it('charges the new price for the days left less the unused share of what was paid', () => {
    // 2026-10-01 leaves 182 days.
    const q = quoteChange(year, 73_000_00, '2026-10-01');
    expect(q).toEqual({ ok: true, credit: 18_200_00, charge: 36_400_00, due: 18_200_00, daysLeft: 182, termDays: 365 });
  });

  it('charges the whole difference on the first day and rounds half up', () => {
    expect(quoteChange(year, 40_000_00, '2026-04-01')).toMatchObject({ ok: true, due: 3_500_00 });
    const q = quoteChange({ ...year, paid: 1000 }, 2001, '2027-03-31');
    expect(q).toMatchObject({ ok: true, credit: 3, charge: 5 }); // 2.74 → 3, 5.48 → 5
  });

  it('refuses a second change in a term, a downgrade and a change after the term', () => {
    expect(quoteChange({ ...year, changedThisTerm: true }, 73_000_00, '2026-10-01')).toMatchObject({ ok: false, reason: expect.stringContaining('already changed') });
    expect(quoteChange(year, 10_000_00, '2026-10-01')).toMatchObject({ ok: false, reason: expect.stringContaining('at the renewal') });
    expect(quoteChange(year, 73_000_00, '2027-04-01')).toMatchObject({ ok: false, reason: expect.stringContaining('renew instead') });
  });

  it('prorates add-ons bought mid-term', () => {
    expect(addOnCharge(year, 18_000_00, '2026-10-01')).toBe(8_975_34); // 18,000 × 182/365 = 8,975.342…
  });
});

describe('the refund rule', () => {
  const annual = { ...year, annual: true };

  it('refunds nothing at the term end', () => {
    expect(refundOnCancel(annual, 'AT_TERM_END', '2026-05-01')).toBe(0);
  });

  it('refunds the unused days after today of an annual term, rounded down', () => {
    // On 2026-10-01, 182 days are left, today included: 181 unused days of 100.00.
    expect(refundOnCancel(annual, 'IMMEDIATE', '2026-10-01')).toBe(18_100_00);
    expect(refundOnCancel({ ...annual, paid: 1000 }, 'IMMEDIATE', '2026-10-01')).toBe(495); // 495.89 → 495
  });

  it('refunds nothing for a monthly term or fewer than 30 unused days', () => {
    expect(refundOnCancel({ ...annual, annual: false }, 'IMMEDIATE', '2026-10-01')).toBe(0);
    expect(refundOnCancel(annual, 'IMMEDIATE', '2027-03-02')).toBe(0); // 29 unused days after today
    expect(refundOnCancel(annual, 'IMMEDIATE', '2027-03-01')).toBe(3_000_00); // 30 unused days after today
  });
});
