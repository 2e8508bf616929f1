/**
 * SPEC 9: one cell of an exported CSV file, as the web's table export and the server's reports
 * write it. Commas are stripped rather than quoted (the product's files are read by tools that
 * split on every comma); quotes and line breaks, which such tools also choke on, become one space
 * per run. An absent value is an empty cell.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/,/g, '').replace(/["\r\n]+/g, ' ');
}

/** Written first in every CSV file, so spreadsheet programs read it as UTF-8 (µg/m3, not Âµg/m3). */
export const CSV_BOM = '\uFEFF';
