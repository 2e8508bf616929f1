import { Button } from '@mantine/core';
import { csvFileName, toCsv, type CsvColumn } from '@/lib/csv';
import { saveFile } from '@/lib/download';

interface CsvExportButtonProps<T> {
  /** Base of the file name; the time of export is appended (SPEC 9). */
  title: string;
  columns: readonly CsvColumn<T>[];
  rows: readonly T[];
}

export function CsvExportButton<T>({ title, columns, rows }: CsvExportButtonProps<T>) {
  const exportCsv = () => saveFile(new Blob([toCsv(columns, rows)], { type: 'text/csv' }), csvFileName(title));
  return (
    <Button size="xs" variant="light" onClick={exportCsv} disabled={rows.length === 0}>
      Export CSV
    </Button>
  );
}
