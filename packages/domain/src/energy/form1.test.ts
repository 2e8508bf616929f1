import { describe, expect, it } from 'vitest';
import { form1Rows } from './form1.ts';

describe("BEE Form 1's summary", () => {
  it('writes the totals in kWh and toe, with SEC from the year’s production', () => {
    const rows = form1Rows({ unitName: 'Beawar Plant', fy: '2026-27', gridKwh: 9_000_000, solarKwh: 800_000, dgKwh: 200_000, factor: 0.727, grossTco2: 6543, offsetTco2: 43, netTco2: 6500, production: { quantity: 100_000, unit: 't' } });
    const value = (item: string, unit: string) => rows.find((r) => r.item === item && r.unit === unit)?.value;
    expect(value('Total electricity consumed', 'kWh')).toBe(10_000_000);
    // 10 million kWh × 860 kcal / 10^7 kcal per toe = 860 toe.
    expect(value('Total electricity consumed', 'toe')).toBe(860);
    expect(value('Specific energy consumption (electricity)', 'kWh/t')).toBe(100);
    expect(value('Scope 2 emissions net of offsets', 'tCO2')).toBe(6500);
  });

  it('leaves production and SEC empty when no production was entered', () => {
    const rows = form1Rows({ unitName: 'X', fy: '2026-27', gridKwh: 1, solarKwh: 0, dgKwh: 0, factor: null, grossTco2: null, offsetTco2: null, netTco2: null, production: null });
    expect(rows.find((r) => r.item === 'Production')?.value).toBeNull();
    expect(rows.find((r) => r.item === 'Specific energy consumption (electricity)')?.value).toBeNull();
  });
});
