import { describe, expect, it } from 'vitest';
import { csvFileName, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header row and one row per item, commas stripped', () => {
    const rows = [{ name: 'Shree Cement, Beawar', pm: 12.5 }, { name: 'Ultratech', pm: null }];
    const csv = toCsv([{ header: 'Industry', value: (r: (typeof rows)[number]) => r.name }, { header: 'PM', value: (r) => r.pm }], rows);
    expect(csv).toBe('Industry,PM\r\nShree Cement Beawar,12.5\r\nUltratech,\r\n');
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
