import { describe, expect, it } from 'vitest';
import { csvFileName, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header row and one row per item, commas stripped', () => {
    const rows = [{ name: 'Shree Cement, Beawar', pm: 12.5 }, { name: 'Ultratech', pm: null }];
    const csv = toCsv([{ header: 'Industry', value: (r: (typeof rows)[number]) => r.name }, { header: 'PM', value: (r) => r.pm }], rows);
    expect(csv).toBe('\uFEFFIndustry,PM\r\nShree Cement Beawar,12.5\r\nUltratech,\r\n');
  });

  it('starts with a BOM, so a spreadsheet reads µg/m3 as UTF-8', () => {
    const csv = toCsv([{ header: 'SO2 (µg/m3)', value: (r: number) => r }], [14]);
    expect(new TextEncoder().encode(csv).subarray(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    expect(csv.slice(1).split('\r\n')[0]).toBe('SO2 (µg/m3)');
  });
});

describe('csvFileName: title plus timestamp', () => {
  it.each([
    ['Industries', 'Industries 2025-03-25 14-05-09.csv'],
    ['PM / SO2: trend', 'PM SO2 trend 2025-03-25 14-05-09.csv'],
    ['', 'export 2025-03-25 14-05-09.csv'],
  ])('%j', (title, expected) => {
    expect(csvFileName(title, Date.parse('2025-03-25T08:35:09Z'))).toBe(expected);
  });
});
