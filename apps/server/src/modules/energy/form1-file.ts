import type { ReportFormat } from '@enviro/contracts/reports';
import { form1Rows, type Form1Input } from '@enviro/domain/energy/form1';
import { writeReport } from '../reports/write-report.ts';
import type { ReportFile } from '../reports/report-table.ts';

/**
 * BEE Form 1's summary of a node's financial year as a file: the rows are the domain's
 * (`form1Rows`, the one definition of its figures), written by the report writers in the format
 * asked (CSV, an Excel workbook or a PDF), as every report of the product is.
 */
export function writeForm1(input: Form1Input, format: ReportFormat, now: number, zone: string): Promise<ReportFile> {
  const rows = form1Rows(input);
  return writeReport(
    {
      title: `BEE Form 1 energy summary FY ${input.fy} ${input.unitName}`,
      notes: [`${input.unitName}, financial year ${input.fy} (1 April – 31 March) up to today`, 'Electricity from the energy meters: grid import at the main meters, solar and DG at the generation meters; 1 kWh = 860 kcal, 1 toe = 10^7 kcal'],
      columns: ['Item', 'Value', 'Unit'],
      rows: rows.map((r) => [r.item, r.value, r.unit]),
    },
    format,
    now,
    zone,
  );
}
