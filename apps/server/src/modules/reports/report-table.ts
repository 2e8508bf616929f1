import type { ReportFormat } from '@enviro/contracts/reports';

export type ReportCell = string | number | null;

/** A report as a table, before it is written in a file format. */
export interface ReportTable {
  /** e.g. 'Raw data report'; also the start of the file name. */
  title: string;
  /** Lines under the title: what, where, when. */
  notes: string[];
  columns: string[];
  rows: ReportCell[][];
  /** PDF only: whose report it is, printed at the top of the first page (logo left, name and address right). */
  letterhead?: { name: string; address: string[]; logo?: Buffer | null };
  /** Headline figures: a page of their own before the table in a PDF, rows above it in a workbook; a CSV holds the table only. */
  summary?: { title: string; items: [label: string, value: ReportCell][] };
}

/** A written report. */
export interface ReportFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

export const REPORT_FILE_TYPES: Record<ReportFormat, { extension: string; contentType: string }> = {
  CSV: { extension: 'csv', contentType: 'text/csv; charset=utf-8' },
  // 'XLS' is the product's name for the Excel download; the file is a modern .xlsx workbook.
  XLS: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  PDF: { extension: 'pdf', contentType: 'application/pdf' },
};
