import { csvCell } from '@enviro/domain/csv';
import type { ReportTable } from './report-table.ts';

/**
 * Header row and data rows, CRLF-separated, each cell by the product's CSV rule (SPEC 9), with a
 * BOM so spreadsheet programs read UTF-8 units (µg/m3).
 */
export function writeCsv(table: ReportTable): Buffer {
  const lines = [table.columns, ...table.rows].map((row) => row.map(csvCell).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}
