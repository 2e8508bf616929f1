import type { ReportFormat } from '@enviro/contracts/reports';
import { formatInZone } from '@enviro/domain/format-date';
import { writeCsv } from './csv-writer.ts';
import { writePdf } from './pdf-writer.ts';
import { REPORT_FILE_TYPES, type ReportFile, type ReportTable } from './report-table.ts';
import { writeXlsx } from './xlsx-writer.ts';

/** Writes a report table in the asked format, named after its title and the time of writing (SPEC 9). */
export async function writeReport(table: ReportTable, format: ReportFormat, now: number, zone: string): Promise<ReportFile> {
  const type = REPORT_FILE_TYPES[format];
  const content = format === 'CSV' ? writeCsv(table) : format === 'XLS' ? await writeXlsx(table) : await writePdf(table);
  return {
    fileName: `${table.title} ${formatInZone(now, 'YYYY-MM-DD HH-mm-ss', zone)}.${type.extension}`,
    contentType: type.contentType,
    content,
  };
}
