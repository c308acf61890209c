import { INVOICE_LINE_LABELS, INVOICE_STATUS_LABELS, formatUsd } from '@freight/shared';
import {
  MUTED,
  PANEL,
  RULE,
  INK,
  contentWidth,
  ensureSpace,
  finish,
  footer,
  formatDate,
  header,
  newDocument,
  parties,
  pdfText,
  rows,
  sectionTitle,
} from '../loadDocuments/render';
import { loadReference } from '../loadDocuments/model';
import type { Invoice } from './model';

const usd = (cents: number) => formatUsd(cents / 100);

/** The invoice's lines as a table: what, the payer's dispute under it, and the amount in its own column. */
function lineTable(doc: PDFKit.PDFDocument, invoice: Invoice): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc);
  const amountWidth = 110;
  const textWidth = width - amountWidth - 20;
  for (const line of invoice.lines) {
    const text = `${INVOICE_LINE_LABELS[line.kind]}: ${pdfText(line.description)}`;
    const dispute = line.dispute ? `Disputed: ${pdfText(line.dispute.reason)}` : null;
    doc.font('Helvetica').fontSize(10);
    const h =
      doc.heightOfString(text, { width: textWidth }) +
      (dispute ? doc.fontSize(8.5).heightOfString(dispute, { width: textWidth }) + 2 : 0);
    ensureSpace(doc, h + 10);
    const y = doc.y;
    doc.fillColor(INK).font('Helvetica').fontSize(10).text(text, left, y, { width: textWidth });
    if (dispute)
      doc
        .fillColor(MUTED)
        .fontSize(8.5)
        .text(dispute, left, doc.y + 2, { width: textWidth });
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(10)
      .text(usd(line.amountCents), left + width - amountWidth, y, { width: amountWidth, align: 'right' });
    doc.y = y + h + 6;
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(left + width, doc.y - 3)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  }
  ensureSpace(doc, 40);
  const top = doc.y + 4;
  doc.rect(left, top, width, 30).fillAndStroke(PANEL, RULE);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('Total due (USD)', left + 10, top + 9);
  doc.text(usd(invoice.totalCents), left + width - amountWidth - 10, top + 9, {
    width: amountWidth,
    align: 'right',
  });
  doc.x = left;
  doc.y = top + 40;
}

/** A lumper line's receipt as the PDF prints it: the photo's bytes (JPEG or PNG) and when it was taken. */
export interface ReceiptImage {
  lineIndex: number;
  image: Buffer;
  takenAt: Date;
}

/** Each receipt on a page of its own after the invoice, scaled to fit, headed by the line it backs. */
function receiptPages(doc: PDFKit.PDFDocument, invoice: Invoice, receipts: ReceiptImage[]): void {
  for (const receipt of receipts) {
    const line = invoice.lines[receipt.lineIndex];
    if (!line) continue;
    doc.addPage();
    sectionTitle(doc, `Lumper receipt, line ${receipt.lineIndex + 1}`);
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(
        `${pdfText(line.description)}: ${usd(line.amountCents)}. Photo taken ${formatDate(receipt.takenAt)}.`,
      );
    const top = doc.y + 8;
    const height = doc.page.height - doc.page.margins.bottom - top - 30;
    try {
      doc.image(receipt.image, doc.page.margins.left, top, {
        fit: [contentWidth(doc), height],
        align: 'center',
      });
    } catch {
      // An image the PDF library cannot read is said, not a failed download: the receipt still opens on the web.
      doc
        .fillColor(INK)
        .fontSize(10)
        .text(
          'This receipt could not be printed: open it from the invoice in FreightConnect.',
          doc.page.margins.left,
          top,
        );
    }
  }
}

/** The invoice PDF (issue 40): drawn from the stored invoice on each download, so it always says what is stored. */
export async function renderInvoice(invoice: Invoice, receipts: ReceiptImage[] = []): Promise<Buffer> {
  const doc = newDocument('Invoice', invoice.number);
  const reference = loadReference(String(invoice.loadId));
  header(doc, 'Invoice', invoice.number, [
    `Issued ${formatDate(invoice.submittedAt)}`,
    `Due ${formatDate(invoice.dueAt)} (net ${invoice.termsDays})`,
    `Status: ${INVOICE_STATUS_LABELS[invoice.status]}`,
  ]);
  sectionTitle(doc, 'Bill to and from');
  parties(doc, { ...invoice.payer, role: 'Bill to' }, { ...invoice.issuer, role: 'Remit to' });
  sectionTitle(doc, 'Load');
  rows(doc, [
    ['Load', `${pdfText(invoice.loadTitle)} (${reference})`],
    ['Lane', pdfText(invoice.lane)],
    [
      'Attached',
      'Rate confirmation and proof of delivery (download them from the load in FreightConnect)' +
        (receipts.length
          ? `; ${receipts.length} lumper receipt${receipts.length === 1 ? '' : 's'} (last pages)`
          : ''),
    ],
    ...(invoice.replacesId
      ? ([['Replaces', 'an earlier invoice for this load']] as Array<[string, string]>)
      : []),
  ]);
  sectionTitle(doc, 'Charges');
  lineTable(doc, invoice);
  if (invoice.paidAt) {
    sectionTitle(doc, 'Payment');
    rows(doc, [
      ['Paid', formatDate(invoice.paidAt)],
      ['Reference', pdfText(invoice.paymentReference)],
    ]);
  }
  receiptPages(doc, invoice, receipts);
  footer(doc, `Invoice ${invoice.number} - FreightConnect`);
  return finish(doc);
}
