import { describe, expect, it } from 'vitest';
import { fromWallClock } from '../time-zone.ts';
import { costOfHours, monthBill, newVersionProblem, tariffProblems, versionOn, type TariffVersion, type TariffWindow } from './tariff.ts';

const ZONE = 'Asia/Kolkata';
// A C&I HT tariff in the shape of a state commission's ToD order (rates in ₹/kWh).
const OCT_WINDOWS: TariffWindow[] = [
  { kind: 'OFF_PEAK', fromHour: 22, toHour: 6, rate: 6.5 },
  { kind: 'NORMAL', fromHour: 6, toHour: 9, rate: 7.5 },
  { kind: 'SOLAR', fromHour: 9, toHour: 17, rate: 6.0 },
  { kind: 'PEAK', fromHour: 17, toHour: 22, rate: 9.0 },
];
const v1: TariffVersion = { validFrom: '2024-04-01', windows: OCT_WINDOWS, fixedChargePerMonth: 300_000, dutyPercent: 5 };
const v2: TariffVersion = {
  validFrom: '2026-10-16',
  windows: OCT_WINDOWS.map((w) => ({ ...w, rate: { OFF_PEAK: 6.8, NORMAL: 8.0, SOLAR: 6.4, PEAK: 9.6 }[w.kind] })),
  fixedChargePerMonth: 330_000,
  dutyPercent: 6,
};

describe('tariff windows', () => {
  it('accepts windows covering the day once, across midnight too', () => {
    expect(tariffProblems(v1)).toEqual([]);
    expect(tariffProblems(v2)).toEqual([]);
  });

  it('rejects an overlap, naming the window and the hour', () => {
    const windows = [...OCT_WINDOWS.slice(0, 3), { kind: 'PEAK' as const, fromHour: 16, toHour: 22, rate: 9 }];
    expect(tariffProblems({ ...v1, windows })).toEqual([{ field: 'windows[3]', message: 'overlaps window 3 at 16:00–17:00' }]);
  });

  it('rejects a gap, naming its hours', () => {
    const windows = OCT_WINDOWS.filter((w) => w.kind !== 'NORMAL');
    expect(tariffProblems({ ...v1, windows })).toEqual([{ field: 'windows', message: 'the windows leave 06:00–09:00 in no window; they must cover the whole day' }]);
  });

  it('rejects bad hours, rates and a window ending where it starts', () => {
    const windows: TariffWindow[] = [{ kind: 'NORMAL', fromHour: 25, toHour: 3, rate: -1 }];
    expect(tariffProblems({ ...v1, windows }).map((p) => p.field)).toEqual(['windows[0].fromHour', 'windows[0].rate']);
    expect(tariffProblems({ ...v1, windows: [{ kind: 'NORMAL', fromHour: 0, toHour: 24, rate: 7 }] })).toEqual([{ field: 'windows[0].toHour', message: 'a window ends at another hour than it starts' }]);
  });

  it('holds peak ≥ 1.2 × normal and solar ≤ 0.8 × normal from April 2024, not before', () => {
    const windows = OCT_WINDOWS.map((w) => (w.kind === 'PEAK' ? { ...w, rate: 8.5 } : w.kind === 'SOLAR' ? { ...w, rate: 7 } : w));
    expect(tariffProblems({ ...v1, windows }).map((p) => p.field)).toEqual(['windows[2].rate', 'windows[3].rate']);
    expect(tariffProblems({ ...v1, validFrom: '2023-04-01', windows })).toEqual([]);
  });
});

describe('dated versions', () => {
  it('picks the version valid on a day', () => {
    expect(versionOn([v2, v1], '2026-10-15')).toBe(v1);
    expect(versionOn([v2, v1], '2026-10-16')).toBe(v2);
    expect(versionOn([v2, v1], '2024-03-31')).toBeUndefined();
  });

  it('lets a new version start only after the current one and not in a closed month', () => {
    expect(newVersionProblem(['2024-04-01'], '2026-11-10', '2026-11-28')).toBeNull();
    expect(newVersionProblem(['2024-04-01'], '2026-10-31', '2026-11-28')?.message).toMatch(/closed month/);
    expect(newVersionProblem(['2026-11-12'], '2026-11-12', '2026-11-28')?.field).toBe('validFrom');
  });
});

describe('the bill of a month', () => {
  // October 2026, 31 days, a constant load profile: 1,000 kWh each hour from 00:00 to 08:00,
  // 2,000 kWh each hour from 08:00 to 20:00 and 1,500 kWh each hour from 20:00 to 24:00 (IST).
  const load = (h: number) => (h < 8 ? 1000 : h < 20 ? 2000 : 1500);
  const hours = Array.from({ length: 31 * 24 }, (_, i) => ({ t: fromWallClock(Date.UTC(2026, 9, 1) + i * 3_600_000, ZONE), kwh: load(i % 24) }));

  it('reproduces a bill computed by hand within 0.1 %', () => {
    // By hand, one day under each version:
    //  off-peak 22–06: 22,23 at 1,500 + 0–5 at 1,000 = 9,000 kWh
    //  normal 06–09: 6,7 at 1,000 + 8 at 2,000 = 4,000 kWh
    //  solar 09–17: 8 × 2,000 = 16,000 kWh
    //  peak 17–22: 17,18,19 at 2,000 + 20,21 at 1,500 = 9,000 kWh          (day: 38,000 kWh)
    //  v1 day: 9,000×6.5 + 4,000×7.5 + 16,000×6.0 + 9,000×9.0 = 58,500 + 30,000 + 96,000 + 81,000 = ₹2,65,500
    //  v2 day: 9,000×6.8 + 4,000×8.0 + 16,000×6.4 + 9,000×9.6 = 61,200 + 32,000 + 1,02,400 + 86,400 = ₹2,82,000
    //  energy charge: 15 × 2,65,500 + 16 × 2,82,000 = 39,82,500 + 45,12,000 = ₹84,94,500
    //  fixed: 3,00,000 × 15/31 + 3,30,000 × 16/31 = 1,45,161.29 + 1,70,322.58 = ₹3,15,483.87
    //  duty: (39,82,500 + 1,45,161.29) × 5 % + (45,12,000 + 1,70,322.58) × 6 % = 2,06,383.06 + 2,80,939.35 = ₹4,87,322.42
    //  total: 84,94,500 + 3,15,483.87 + 4,87,322.42 = ₹92,97,306.29
    const handTotal = 9_297_306.29;
    const bill = monthBill('2026-10', hours, [v1, v2], ZONE);
    expect(bill.kwh).toBe(31 * 38_000);
    expect(Math.abs(bill.total - handTotal) / handTotal).toBeLessThan(0.001);
    expect(bill.energyCharge).toBeCloseTo(8_494_500, 2);
    expect(bill.byKind.PEAK).toEqual({ kwh: 31 * 9000, cost: 15 * 81_000 + 16 * 86_400 });
    expect(bill.versions).toEqual([
      { validFrom: '2024-04-01', days: 15 },
      { validFrom: '2026-10-16', days: 16 },
    ]);
  });

  it('never re-costs an old month at a newer price', () => {
    const september = hours.map((h) => ({ ...h, t: h.t - 30 * 86_400_000 })).filter((h) => h.t < fromWallClock(Date.UTC(2026, 9, 1), ZONE));
    const before = monthBill('2026-09', september, [v1], ZONE);
    const after = monthBill('2026-09', september, [v1, v2, { ...v2, validFrom: '2026-11-01' }], ZONE);
    expect(after.total).toBe(before.total);
  });

  it('gives cost by shift and by day, and leaves energy before the first version uncosted', () => {
    const cost = costOfHours(hours.slice(0, 24), [v1], ZONE);
    expect([...cost.byShift.keys()].sort()).toEqual(['A', 'B', 'C']);
    expect(cost.byShift.get('C')!.kwh).toBe(2 * 1500 + 6 * 1000);
    expect(cost.byDay.get('2026-10-01')).toEqual({ kwh: 38_000, cost: 265_500 });
    expect(costOfHours(hours.slice(0, 24), [{ ...v1, validFrom: '2026-10-02' }], ZONE).uncostedKwh).toBe(38_000);
  });
});
