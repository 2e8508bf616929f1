import { CSV_BOM, csvCell } from '@enviro/domain/csv';
import { fileStamp } from '@/lib/dates';

/** A column of an exported table: its heading and how to read a row's cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

/**
 * SPEC 9: the table's header and rows, each cell as `csvCell` (packages/domain) writes it, CRLF line
 * ends, after the BOM the server's reports also start with.
 */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)), ...rows.map((r) => columns.map((c) => csvCell(c.value(r))))];
  return `${CSV_BOM}${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}

/** SPEC 9: the file is named after the table's title plus the time of export (Kolkata time). */
export function csvFileName(title: string, at: number = Date.now()): string {
  const safe = title.replace(/[\\/:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim() || 'export';
  return `${safe} ${fileStamp(at)}.csv`;
}
