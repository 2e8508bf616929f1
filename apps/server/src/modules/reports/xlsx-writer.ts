import writeXlsxFile, { type Row } from 'write-excel-file/node';
import type { ReportTable } from './report-table.ts';

/** One sheet: title, notes and any summary on top, then a bold header row (kept in view) and the data, numbers as numbers. */
export async function writeXlsx(table: ReportTable): Promise<Buffer> {
  const summary: Row[] = table.summary ? [[{ value: table.summary.title, fontWeight: 'bold' }], ...table.summary.items.map(([label, value]) => [label, value]), []] : [];
  const top: Row[] = [[{ value: table.title, fontWeight: 'bold' }], ...table.notes.map((n) => [n]), [], ...summary];
  const header: Row = table.columns.map((c) => ({ value: c, fontWeight: 'bold' }));
  const rows: Row[] = table.rows.map((row) => row.map((cell) => cell));
  return writeXlsxFile([...top, header, ...rows], {
    sheet: 'Report',
    columns: table.columns.map((c, i) => ({ width: i === 0 ? 20 : Math.max(12, Math.min(30, c.length + 2)) })),
    stickyRowsCount: top.length + 1,
  }).toBuffer();
}
