import type { ReportCell, ReportTable } from './report-table.ts';

/**
 * SPEC 9: commas are stripped from cells rather than quoted (the product's files are read by tools
 * that split on every comma); quotes and line breaks become spaces for the same readers.
 */
export function csvCell(value: ReportCell): string {
  if (value === null) return '';
  return String(value).replace(/,/g, '').replace(/["\r\n]+/g, ' ');
}

/** Header row and data rows, CRLF-separated, with a BOM so spreadsheet programs read UTF-8 units (µg/m3). */
export function writeCsv(table: ReportTable): Buffer {
  const lines = [table.columns, ...table.rows].map((row) => row.map(csvCell).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
