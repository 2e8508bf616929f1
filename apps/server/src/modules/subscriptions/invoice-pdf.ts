import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { GST_STATES } from '@enviro/domain/subscriptions/gst';
import { amountInWords, formatPaise } from '@enviro/domain/subscriptions/money';
import type { InvoiceRecord, Party } from './billing.repository.ts';

const MARGIN = 40;
/** The e-invoice QR's side on the page, in points (about 5 cm: the IRP's signed payload makes a QR of version 20 or more, whose modules are then about 0.45 mm, as phones read them). */
const QR_SIZE = 140;

/**
 * The signed QR of a registered e-invoice as a PNG (the `qrcode` package): the IRP's signed payload
 * as it answered it, error correction M, a quiet zone of 4 modules, black on white.
 */
export function eInvoiceQrPng(signedQr: string): Promise<Buffer> {
  return QRCode.toBuffer(signedQr, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 4 });
}

/**
 * A GST tax invoice or credit note as an A4 PDF (pdfkit, as the reports' PDFs are made): both
 * parties with their GSTINs, number and date, place of supply, the lines with their SAC, the taxes
 * (CGST and SGST, or IGST), the total in figures with Indian grouping and in words, and for a
 * registered e-invoice its IRN, acknowledgement and the IRP's signed QR (rule 48(4)) beside them.
 * The standard PDF fonts have no ₹, so the headings say INR.
 */
export async function writeInvoicePdf(inv: InvoiceRecord, originalNumber: string | null): Promise<Buffer> {
  const qr = inv.signedQr ? await eInvoiceQrPng(inv.signedQr) : null;
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${inv.number}`, Author: inv.supplier.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const credit = inv.series === 'CREDIT_NOTE';

  doc.font('Helvetica-Bold').fontSize(16).text(credit ? 'Credit Note' : 'Tax Invoice', MARGIN, MARGIN, { width, align: 'center' });
  doc.font('Helvetica').fontSize(8).text('Original for recipient', { width, align: 'center' });
  doc.moveDown(0.8);

  const top = doc.y;
  party(doc, 'Supplier', inv.supplier, MARGIN, top, width / 2 - 10);
  party(doc, 'Recipient', inv.recipient, MARGIN + width / 2 + 10, top, width / 2 - 10);
  doc.y = Math.max(doc.y, top + 90);
  doc.moveDown(0.5);

  const facts: [string, string][] = [
    [credit ? 'Credit note number' : 'Invoice number', inv.number],
    ['Date', dayText(inv.issuedOn)],
    ['Place of supply', `${GST_STATES[inv.placeOfSupply] ?? inv.placeOfSupply} (${inv.placeOfSupply})`],
    ...(credit && originalNumber ? ([['Against invoice', originalNumber]] as [string, string][]) : []),
    ...(inv.irn ? ([['IRN', inv.irn], ['Acknowledgement number', inv.ackNo ?? '']] as [string, string][]) : []),
  ];
  doc.fontSize(9);
  const factsTop = doc.y;
  const factsWidth = qr ? width - QR_SIZE - 12 : width;
  for (const [k, v] of facts) {
    doc.font('Helvetica-Bold').text(`${k}: `, MARGIN, doc.y, { continued: true, width: factsWidth }).font('Helvetica').text(v, { width: factsWidth });
  }
  if (qr) {
    const factsBottom = doc.y;
    doc.image(qr, MARGIN + width - QR_SIZE, factsTop, { width: QR_SIZE, height: QR_SIZE });
    doc.font('Helvetica').fontSize(7).text('e-invoice QR signed by the IRP', MARGIN + width - QR_SIZE, factsTop + QR_SIZE + 2, { width: QR_SIZE, align: 'center' });
    doc.fontSize(9);
    doc.y = Math.max(factsBottom, factsTop + QR_SIZE + 14);
  }
  doc.x = MARGIN;
  doc.moveDown(0.8);

  // The lines.
  const cols = [
    { title: '#', w: 20, align: 'left' as const },
    { title: 'Description', w: width - 20 - 60 - 40 - 90 - 90, align: 'left' as const },
    { title: 'SAC', w: 60, align: 'left' as const },
    { title: 'Qty', w: 40, align: 'right' as const },
    { title: 'Rate (INR)', w: 90, align: 'right' as const },
    { title: 'Amount (INR)', w: 90, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = MARGIN;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    let bottom = y;
    cells.forEach((c, i) => {
      doc.text(c, x, y, { width: cols[i]!.w - 4, align: cols[i]!.align });
      bottom = Math.max(bottom, doc.y);
      x += cols[i]!.w;
    });
    doc.y = bottom + 3;
  };
  row(cols.map((c) => c.title), true);
  doc.moveTo(MARGIN, doc.y - 2).lineTo(MARGIN + width, doc.y - 2).lineWidth(0.5).stroke();
  inv.lines.forEach((l, i) => row([String(i + 1), l.description, l.sac, String(l.quantity), formatPaise(l.unit), formatPaise(l.amount)]));
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(0.5).stroke();
  doc.moveDown(0.5);

  const half = inv.cgst > 0 || inv.sgst > 0;
  const totals: [string, number][] = [
    ['Taxable value', inv.taxable],
    ...(half ? ([['CGST @ 9%', inv.cgst], ['SGST @ 9%', inv.sgst]] as [string, number][]) : ([['IGST @ 18%', inv.igst]] as [string, number][])),
    [credit ? 'Total credited (INR)' : 'Total (INR)', inv.total],
  ];
  for (const [k, v] of totals) {
    const y = doc.y;
    doc.font(k.startsWith('Total') ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    doc.text(k, MARGIN + width - 300, y, { width: 200, align: 'right' });
    doc.text(formatPaise(v), MARGIN + width - 100, y, { width: 100, align: 'right' });
  }
  doc.moveDown(0.5);
  doc.font('Helvetica-Bold').text('Amount in words: ', MARGIN, doc.y, { continued: true }).font('Helvetica').text(amountInWords(inv.total));
  doc.moveDown(1);
  doc.fontSize(8).text('Tax is not payable on reverse charge. This is a computer-generated document and needs no signature.', { width });
  doc.end();
  return done;
}

function party(doc: PDFKit.PDFDocument, title: string, p: Party, x: number, y: number, width: number) {
  doc.font('Helvetica-Bold').fontSize(9).text(title, x, y, { width });
  doc.font('Helvetica-Bold').fontSize(10).text(p.name, { width });
  doc.font('Helvetica').fontSize(9);
  for (const line of p.address) doc.text(line, { width });
  if (p.state) doc.text(`State: ${p.state}`, { width });
  doc.text(`GSTIN: ${p.gstin ?? 'unregistered'}`, { width });
}

/** 'DD MMM YYYY' (SPEC 9's display format) of a day 'YYYY-MM-DD'. */
function dayText(day: string): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${day.slice(8, 10)} ${months[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
}
