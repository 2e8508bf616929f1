import PDFDocument from 'pdfkit';
import type { ReportCell, ReportTable } from './report-table.ts';

const MARGIN = 36;
const ROW_HEIGHT = 14;
const FONT_SIZE = 8;

/** A4 landscape pages: title and notes, then the table with its header repeated on every page. */
export function writePdf(table: ReportTable): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: MARGIN, bufferPages: true });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 2 * MARGIN;
  // The time column is wider; the rest share what is left.
  const first = Math.min(110, width / table.columns.length);
  const rest = table.columns.length > 1 ? (width - first) / (table.columns.length - 1) : 0;
  const xs = table.columns.map((_, i) => MARGIN + (i === 0 ? 0 : first + (i - 1) * rest));
  const widths = table.columns.map((_, i) => (i === 0 ? first : rest) - 4);
  const bottom = doc.page.height - MARGIN;

  const top = letterhead(doc, table.letterhead, width);
  doc.font('Helvetica-Bold').fontSize(14).text(table.title, MARGIN, top);
  doc.font('Helvetica').fontSize(9);
  for (const note of table.notes) doc.text(note);
  if (table.summary) {
    summaryPage(doc, table.summary, width);
    doc.addPage();
  }
  let y = table.summary ? MARGIN : doc.y + 8;

  const line = (cells: readonly ReportCell[]) => {
    doc.font('Helvetica').fontSize(FONT_SIZE);
    cells.forEach((cell, i) => {
      doc.text(pdfCell(cell), xs[i]!, y, { width: widths[i]!, height: ROW_HEIGHT, lineBreak: false, ellipsis: true });
    });
    y += ROW_HEIGHT;
  };
  // Headings wrap (up to three lines) rather than being cut: 'Exceedance minutes' in a narrow column.
  doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
  const headerHeight = Math.min(3 * ROW_HEIGHT, Math.max(ROW_HEIGHT, ...table.columns.map((c, i) => doc.heightOfString(c, { width: widths[i]! }) + 4)));
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(FONT_SIZE);
    table.columns.forEach((c, i) => doc.text(c, xs[i]!, y, { width: widths[i]!, height: headerHeight, ellipsis: true }));
    y += headerHeight;
    doc.moveTo(MARGIN, y - 2).lineTo(MARGIN + width, y - 2).lineWidth(0.5).stroke();
  };

  header();
  for (const row of table.rows) {
    if (y + ROW_HEIGHT > bottom) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    line(row);
  }
  if (table.rows.length === 0) line(['Nothing to report in this period.']);
  // Page numbers on every page, once the number of pages is known.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.font('Helvetica').fontSize(7).text(`Page ${i + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN + 10, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}

const LOGO_BOX: [number, number] = [140, 56];

/** Logo at the top left, name and address at the top right; answers where the title goes. */
function letterhead(doc: PDFKit.PDFDocument, head: ReportTable['letterhead'], width: number): number {
  if (!head) return MARGIN;
  let bottom = MARGIN;
  if (head.logo) {
    doc.image(head.logo, MARGIN, MARGIN, { fit: LOGO_BOX });
    bottom = MARGIN + LOGO_BOX[1];
  }
  doc.font('Helvetica-Bold').fontSize(11).text(head.name, MARGIN, MARGIN, { width, align: 'right' });
  doc.font('Helvetica').fontSize(8);
  for (const line of head.address) doc.text(line, { width, align: 'right' });
  return Math.max(bottom, doc.y) + 6;
}

/** The summary: a heading and label–value lines under the notes of the first page. */
function summaryPage(doc: PDFKit.PDFDocument, summary: NonNullable<ReportTable['summary']>, width: number): void {
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).text(summary.title, MARGIN);
  doc.moveDown(0.5);
  for (const [label, value] of summary.items) {
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).text(label, MARGIN, y, { width: width * 0.45 });
    doc.font('Helvetica-Bold').text(pdfCell(value), MARGIN + width * 0.45, y, { width: width * 0.55 });
    doc.moveDown(0.3);
  }
}

/** Indian digit grouping (12,34,567.8) for numbers; text as it is. */
const IN_NUMBER = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 6 });
export function pdfCell(cell: ReportCell): string {
  if (cell === null) return '';
  return typeof cell === 'number' ? IN_NUMBER.format(cell) : cell;
}
