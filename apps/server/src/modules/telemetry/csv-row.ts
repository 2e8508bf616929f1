import { MAX_FUTURE_MS, MIN_READING_TS } from '@enviro/contracts/telemetry';
import { parseReadingValue } from '@enviro/domain/values';

/**
 * Splits one CSV line into trimmed cells. Quoted cells ("1,5" or "say ""hi""") are honoured; a
 * quote left open is reported rather than guessed at. Cells never span lines in reading files.
 */
export function splitCsvLine(line: string): string[] | { error: string } {
  const cells: string[] = [];
  let i = 0;
  for (;;) {
    while (line[i] === ' ' || line[i] === '\t') i++;
    if (line[i] === '"') {
      let cell = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q === -1) return { error: 'quote not closed' };
        cell += line.slice(i, q);
        if (line[q + 1] === '"') {
          cell += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      while (line[i] === ' ' || line[i] === '\t') i++;
      if (i < line.length && line[i] !== ',') return { error: `text after a closing quote at column ${cells.length + 1}` };
      cells.push(cell.trim());
    } else {
      const comma = line.indexOf(',', i);
      const end = comma === -1 ? line.length : comma;
      cells.push(line.slice(i, end).trim());
      i = end;
    }
    if (i >= line.length) return cells;
    i++; // past the comma
  }
}

/** ISO 8601 with a date, a time and an explicit offset; local times would be ambiguous by 5:30 h. */
const ISO_TS = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

/** Epoch milliseconds of a ts cell (ISO 8601 with offset, or epoch ms), or why it is refused. */
export function parseCsvTs(cell: string, nowMs: number): number | string {
  let ms: number;
  if (/^\d{1,16}$/.test(cell)) ms = Number(cell);
  else if (ISO_TS.test(cell)) {
    if (!isCalendarDate(cell)) return `ts ${cell} is not a calendar date`;
    ms = Date.parse(cell.replace(' ', 'T'));
  } else if (cell === '') return 'ts is empty';
  else return `ts ${JSON.stringify(cell.slice(0, 40))} is neither ISO 8601 with a time zone (2025-01-31T10:15:00+05:30) nor epoch milliseconds`;
  if (!Number.isSafeInteger(ms)) return `ts ${JSON.stringify(cell.slice(0, 40))} is not a valid time`;
  if (ms < MIN_READING_TS) return `ts ${cell} is before 2000-01-01`;
  if (ms > nowMs + MAX_FUTURE_MS) return `ts ${cell} is in the future`;
  return ms;
}

/** Date.parse rolls 2025-02-30 over into March; a wrong date is an error, not a guess. */
function isCalendarDate(cell: string): boolean {
  const [y, m, d] = cell.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A good row: its instant and its values by slot (index slot - 1, undefined where empty). */
export interface CsvReading {
  ms: number;
  values: (number | undefined)[];
}

/** A header column after ts: the parameter it names and that parameter's slot. */
export interface CsvColumn {
  name: string;
  slot: number;
}

/**
 * Reads one data row against the header's columns (cell 0 is ts). A row is stored whole or
 * refused whole, so a refusal names the first fault.
 */
export function parseCsvRow(cells: string[], columns: CsvColumn[], width: number, nowMs: number): CsvReading | string {
  if (cells.length > columns.length + 1) return `${cells.length} cells but the header has ${columns.length + 1} columns`;
  const ms = parseCsvTs(cells[0] ?? '', nowMs);
  if (typeof ms === 'string') return ms;
  const values = new Array<number | undefined>(width);
  let any = false;
  for (let c = 1; c < cells.length; c++) {
    const cell = cells[c]!;
    if (cell === '') continue;
    const column = columns[c - 1]!;
    const parsed = parseReadingValue(cell);
    if (!parsed.ok) return `${column.name}: ${parsed.reason}`;
    values[column.slot - 1] = parsed.value;
    any = true;
  }
  if (!any) return 'no values';
  return { ms, values };
}
