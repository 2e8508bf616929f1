import { describe, expect, it } from 'vitest';
import { computeGst, gstinCheckChar, gstinProblem, placeOfSupply, stateCodeOf } from './gst.ts';

// A GSTIN from the GSTN's published examples, and one made here with the same check.
const MAHARASHTRA = '27AAPFU0939F1ZV';
const KARNATAKA = `29AABCE1234F1Z${gstinCheckChar('29AABCE1234F1Z')}`;

describe('GSTIN', () => {
  it('accepts a valid GSTIN and names what is wrong with others', () => {
    expect(gstinProblem(MAHARASHTRA)).toBeNull();
    expect(gstinProblem(KARNATAKA)).toBeNull();
    expect(gstinProblem('27AAPFU0939F1ZA')).toMatch(/check character/);
    expect(gstinProblem('24AAPFU0939F1ZV')).toMatch(/check character/);
    expect(gstinProblem('25AAPFU0939F1ZV')).toMatch(/no state has GST code 25/);
    expect(gstinProblem('27aapfu0939f1zv')).toMatch(/15 characters/);
    expect(gstinProblem('')).toMatch(/15 characters/);
  });

  it('finds the state code of a state named any way', () => {
    expect(stateCodeOf('Maharashtra')).toBe('27');
    expect(stateCodeOf('  tamil   nadu ')).toBe('33');
    expect(stateCodeOf('Andaman & Nicobar Islands')).toBe('35');
    expect(stateCodeOf('Atlantis')).toBeUndefined();
  });

  it('takes the place of supply from the GSTIN, else the billing state', () => {
    expect(placeOfSupply({ gstin: KARNATAKA, state: 'Maharashtra' })).toBe('29');
    expect(placeOfSupply({ gstin: null, state: 'Gujarat' })).toBe('24');
    expect(placeOfSupply({ gstin: 'bad', state: null })).toBeUndefined();
  });
});

describe('GST computation', () => {
  const lines = [
    { description: 'Plan', sac: '997331', taxable: 10_000_00 },
    { description: 'Add-on stations', sac: '997331', taxable: 2_345_67 },
  ];

  it('charges CGST and SGST within the supplier state', () => {
    const g = computeGst(MAHARASHTRA, '27', lines);
    // 12,345.67 × 9 % = 1,111.1103 → 1,111.11 each.
    expect(g).toMatchObject({ interState: false, taxable: 12_345_67, cgst: 1_111_11, sgst: 1_111_11, igst: 0, total: 14_567_89 });
  });

  it('charges IGST between states', () => {
    const g = computeGst(MAHARASHTRA, '29', lines);
    // 12,345.67 × 18 % = 2,222.2206 → 2,222.22.
    expect(g).toMatchObject({ interState: true, cgst: 0, sgst: 0, igst: 2_222_22, total: 14_567_89 });
  });

  it('rounds each tax half up to the paisa', () => {
    expect(computeGst(MAHARASHTRA, '27', [{ description: 'x', sac: '997331', taxable: 50 }]).cgst).toBe(5); // 4.5 → 5
    expect(computeGst(MAHARASHTRA, '07', [{ description: 'x', sac: '997331', taxable: 25 }]).igst).toBe(5); // 4.5 → 5
  });

  it('refuses a negative line, a bad supplier GSTIN and an unknown state', () => {
    expect(() => computeGst(MAHARASHTRA, '27', [{ description: 'x', sac: '997331', taxable: -1 }])).toThrow(/taxable value of 'x'/);
    expect(() => computeGst('27AAPFU0939F1ZA', '27', lines)).toThrow(/supplier GSTIN/);
    expect(() => computeGst(MAHARASHTRA, '99', lines)).toThrow(/no state has GST code 99/);
  });
});
