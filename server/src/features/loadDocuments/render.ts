import {
  DEFAULT_ACCESSORIAL_TERMS,
  accessorialTermLines,
  appointmentText,
  formatUsd,
  freeTimeText,
  stopReferencesText,
  type AccessorialTerms,
  type LoadStopDto,
} from '@freight/shared';
import PDFDocument from 'pdfkit';

/**
 * The PDFs of a load's documents (issue 16), and the pieces invoices/render.ts draws invoices with (issue 40), drawn
 * with pdfkit's standard fonts (Helvetica: nothing to bundle or download). Those fonts speak WinAnsi only, so user
 * text is reduced to it (accents kept where WinAnsi has them).
 */

export interface PartyInfo {
  /** 'Shipper', 'Broker' or 'Carrier'. */
  role: string;
  company: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  mcNumber: string | null;
  usdotNumber: string | null;
}

export interface LoadInfo {
  reference: string;
  title: string;
  origin: string;
  destination: string;
  pickup: string;
  delivery: string;
  equipment: string;
  weight: string | null;
  commodity: string | null;
  distanceMiles: number | null;
  distanceIsEstimate: boolean;
  requirements: string[];
  specialInstructions: string | null;
}

export interface RateConfirmationInput {
  load: LoadInfo;
  issuedAt: Date;
  bookedAt: Date;
  version: number;
  shipper: PartyInfo;
  carrier: PartyInfo;
  rateCents: number | null;
  rateType: string;
  /** The truck and driver the carrier assigned (issue 29), once assigned. */
  assignment?: { truck: string; driver: string; driverPhone: string | null } | null;
  /** The pickup's and delivery's details (issue 39): the full address, appointment, references and contact. */
  stops?: StopInfo[];
  /** The load's free time, detention, layover and TONU (issue 41); the defaults when not given. */
  accessorialTerms?: AccessorialTerms;
}

/** One stop as the rate confirmation prints it. */
export interface StopInfo {
  /** 'Pickup' or 'Delivery'. */
  label: string;
  /** The full address (street when given, city, state, ZIP). */
  address: string;
  /** The stop's day and hours, as the load details print them. */
  when: string;
  details: LoadStopDto;
}

export interface DeliveryPhoto {
  takenAt: Date;
  description: string | null;
  image: Buffer | null;
  latitude: number | null;
  longitude: number | null;
}

export interface ProofOfDeliveryInput {
  load: LoadInfo;
  issuedAt: Date;
  version: number;
  shipper: PartyInfo;
  carrier: PartyInfo;
  deliveredAt: Date;
  position: { lat: number; lng: number; at: Date } | null;
  deliveryNote: string | null;
  /** The receiver's receipt (issue 39): null for a load delivered before receipts were taken. */
  receipt: DeliveryReceiptInfo | null;
  photos: DeliveryPhoto[];
}

export interface DeliveryReceiptInfo {
  receiverName: string;
  signedAt: Date;
  /** The exception as the receiver noted it ('None' for a clean delivery), and its note. */
  exception: string;
  exceptionNote: string | null;
  /** The signature image (PNG); null when the store cannot give it back. */
  signature: Buffer | null;
}

/**
 * The terms every rate confirmation carries (a decision: the spec names none), with the load's own accessorial terms
 * (issue 41) in place of the fixed detention and TONU paragraphs it printed before.
 */
export function rateConfirmationTerms(t: AccessorialTerms = DEFAULT_ACCESSORIAL_TERMS): string[] {
  const usd = (cents: number) => formatUsd(cents / 100);
  return [
    'Rate: the agreed rate covers linehaul and fuel. The accessorial charges of this load are those stated under ' +
      'Detention, layover and TONU; any other (lumper, extra handling) is payable only when approved in writing ' +
      'before it is incurred and documented with receipts.',
    'Payment: net 30 days from receipt of the carrier invoice together with this signed rate confirmation and a ' +
      'signed proof of delivery. Quick-pay, where offered, is agreed separately.',
    `Detention: ${freeTimeText(t.freeTimeMinutes)} free at each stop from the appointment time (or arrival, for ` +
      `first come, first served); thereafter ${usd(t.detentionCentsPerHour)} per hour, billed in ` +
      `${t.billingStepMinutes}-minute steps (a part step counts as a whole one), when in and out times are recorded.`,
    `Layover: ${usd(t.layoverCentsPerNight)} per night the truck is held over by the shipper or receiver.`,
    `Truck ordered not used: ${usd(t.tonuBaseCents)} plus ${usd(t.tonuCentsPerMile)} per mile of deadhead to ` +
      'the pickup if the load is cancelled after the carrier has dispatched equipment.',
    'The carrier shall not re-broker, assign, co-broker or interline this load. The carrier holds at least ' +
      '$1,000,000 auto liability and $100,000 cargo insurance and is liable for loss or damage as provided by ' +
      '49 U.S.C. 14706 (Carmack Amendment).',
    'The carrier shares its location through FreightConnect while the load is booked or in transit; the ' +
      "receiver's signature taken on the driver's phone at delivery, with any delivery photos, forms the proof of " +
      'delivery.',
    'This confirmation, accepted electronically through FreightConnect when the load was booked, is the entire ' +
      'agreement for this load and prevails over any conflicting terms.',
  ];
}

export const INK = '#1a202c';
export const MUTED = '#4a5568';
export const RULE = '#cbd5e0';
export const ACCENT = '#2b6cb0';
export const PANEL = '#f7fafc';

/** User text reduced to what the standard fonts can draw (WinAnsi), so no glyph prints as garbage. */
export function pdfText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2192/g, '->')
    .normalize('NFC')
    .replace(/[^\x20-\x7e\xa0-\xff\n]/g, (c) => {
      const base = c.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
      return base || '?';
    });
}

export const formatDate = (d: Date) =>
  d.toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
export const formatDateTime = (d: Date) =>
  `${d.toLocaleString('en-US', {
    timeZone: 'UTC',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })} UTC`;

export type Doc = PDFKit.PDFDocument;

export function newDocument(title: string, reference: string): Doc {
  return new PDFDocument({
    size: 'LETTER',
    margins: { top: 40, bottom: 44, left: 50, right: 50 },
    bufferPages: true,
    info: { Title: `${title} ${reference}`, Author: 'FreightConnect', Creator: 'FreightConnect' },
  });
}

export function finish(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

export const contentWidth = (doc: Doc) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

export function header(doc: Doc, title: string, heading: string, lines: string[]): void {
  const left = doc.page.margins.left;
  const top = doc.page.margins.top;
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(10).text('FREIGHTCONNECT', left, top);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(title, left, top + 14);
  const right = left + contentWidth(doc) - 220;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(heading, right, top + 4, { width: 220, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  lines.forEach((line, i) => doc.text(line, right, top + 22 + i * 12, { width: 220, align: 'right' }));
  const y = Math.max(doc.y, top + 46) + 8;
  doc
    .moveTo(left, y)
    .lineTo(left + contentWidth(doc), y)
    .lineWidth(1.5)
    .strokeColor(ACCENT)
    .stroke();
  doc.x = left;
  doc.y = y + 12;
}

/** A section's heading, moved to the next page with what must follow it (`keepWith` points). */
export function sectionTitle(doc: Doc, text: string, keepWith = 40): void {
  ensureSpace(doc, keepWith + 30);
  doc.x = doc.page.margins.left;
  doc.moveDown(0.4);
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(11).text(text.toUpperCase());
  const y = doc.y + 2;
  doc
    .moveTo(doc.page.margins.left, y)
    .lineTo(doc.page.margins.left + contentWidth(doc), y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 6;
  doc.fillColor(INK);
}

export function ensureSpace(doc: Doc, height: number): void {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function partyLines(p: PartyInfo): Array<[string, string]> {
  return [
    ['Company', pdfText(p.company) || 'not provided'],
    ['Contact', pdfText(p.name)],
    ...(p.email ? ([['Email', pdfText(p.email)]] as Array<[string, string]>) : []),
    ...(p.phone ? ([['Phone', pdfText(p.phone)]] as Array<[string, string]>) : []),
    ['MC number', p.mcNumber ? `MC ${pdfText(p.mcNumber)}` : 'not provided'],
    ['USDOT number', p.usdotNumber ? `USDOT ${pdfText(p.usdotNumber)}` : 'not provided'],
  ];
}

/** The two parties side by side, each in a panel; a long value (an email, a company) wraps, never cut short. */
export function parties(doc: Doc, a: PartyInfo, b: PartyInfo): void {
  const left = doc.page.margins.left;
  const gap = 16;
  const width = (contentWidth(doc) - gap) / 2;
  const valueWidth = width - 100;
  const lines = [partyLines(a), partyLines(b)];
  const count = Math.max(lines[0].length, lines[1].length);
  doc.font('Helvetica').fontSize(9.5);
  const rowHeights = Array.from({ length: count }, (_, row) =>
    Math.max(
      13,
      ...lines.map((l) => (l[row] ? doc.heightOfString(l[row][1], { width: valueWidth }) + 2 : 0)),
    ),
  );
  const height = 24 + rowHeights.reduce((sum, h) => sum + h, 0) + 6;
  ensureSpace(doc, height + 10);
  const top = doc.y;
  [a, b].forEach((p, i) => {
    const x = left + i * (width + gap);
    doc.rect(x, top, width, height).fillAndStroke(PANEL, RULE);
    doc
      .fillColor(ACCENT)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(p.role.toUpperCase(), x + 10, top + 8);
    let y = top + 24;
    lines[i].forEach(([label, value], row) => {
      doc
        .fillColor(MUTED)
        .font('Helvetica')
        .fontSize(8.5)
        .text(label, x + 10, y, { width: 80 });
      doc
        .fillColor(INK)
        .font('Helvetica')
        .fontSize(9.5)
        .text(value, x + 90, y - 1, { width: valueWidth });
      y += rowHeights[row];
    });
  });
  doc.x = left;
  doc.y = top + height + 6;
}

/** Label and value rows, the label in a fixed column. */
export function rows(doc: Doc, items: Array<[string, string | null | undefined]>): void {
  const left = doc.page.margins.left;
  const labelWidth = 130;
  const valueWidth = contentWidth(doc) - labelWidth;
  for (const [label, value] of items) {
    if (!value) continue;
    doc.font('Helvetica').fontSize(9.5);
    const h = Math.max(doc.heightOfString(value, { width: valueWidth }), 12);
    ensureSpace(doc, h + 4);
    const y = doc.y;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(label, left, y, { width: labelWidth - 10 });
    doc
      .fillColor(INK)
      .font('Helvetica')
      .fontSize(9.5)
      .text(value, left + labelWidth, y, { width: valueWidth });
    doc.y = y + h + 2.5;
  }
  doc.x = left;
}

function loadRows(load: LoadInfo): Array<[string, string | null]> {
  const miles =
    load.distanceMiles != null
      ? `${load.distanceMiles.toLocaleString('en-US')} miles${load.distanceIsEstimate ? ' (estimated)' : ''}`
      : null;
  return [
    ['Load', `${pdfText(load.title)} (${load.reference})`],
    ['Origin', pdfText(load.origin)],
    ['Destination', pdfText(load.destination)],
    ['Pickup', load.pickup],
    ['Delivery', load.delivery],
    ['Equipment', pdfText(load.equipment)],
    ['Weight', load.weight],
    ['Commodity', pdfText(load.commodity)],
    ['Distance', miles],
    ['Requirements', load.requirements.length ? load.requirements.join(', ') : null],
    ['Special instructions', pdfText(load.specialInstructions)],
  ];
}

/** Page numbers and the reference at the foot of every page. */
export function footer(doc: Doc, text: string): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0; // writing inside the bottom margin must not open a new page
    const y = doc.page.height - 30;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(`${text} - Page ${i - range.start + 1} of ${range.count}`, doc.page.margins.left, y, {
        width: contentWidth(doc),
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** Numbered paragraphs, the number hanging in the margin column; the last one kept with `keepWithLast` points. */
export function terms(doc: Doc, items: string[], keepWithLast = 0): void {
  const left = doc.page.margins.left;
  const width = contentWidth(doc) - 16;
  items.forEach((item, i) => {
    doc.font('Helvetica').fontSize(7.5);
    const h = doc.heightOfString(item, { width });
    ensureSpace(doc, h + 2 + (i === items.length - 1 ? keepWithLast : 0));
    const y = doc.y;
    doc.fillColor(MUTED).text(`${i + 1}.`, left, y, { width: 14 });
    doc.fillColor(INK).text(item, left + 16, y, { width });
    doc.y = y + h + 2;
  });
  doc.x = left;
}

/** The height the signature block takes: what it needs on the page it lands on. */
const SIGNATURES_HEIGHT = 64;

/**
 * The signature lines. Callers keep the block before it on the same page (its `keepWith` space), so the lines never
 * stand alone on a last page.
 */
function signatures(doc: Doc, labels: [string, string]): void {
  ensureSpace(doc, SIGNATURES_HEIGHT);
  const left = doc.page.margins.left;
  const gap = 30;
  const width = (contentWidth(doc) - gap) / 2;
  const top = doc.y + 16;
  doc.lineWidth(0.75).strokeColor(INK);
  labels.forEach((label, i) => {
    const x = left + i * (width + gap);
    doc
      .moveTo(x, top)
      .lineTo(x + width, top)
      .stroke();
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(`${label} signature`, x, top + 3, { width });
    doc
      .moveTo(x, top + 30)
      .lineTo(x + width * 0.6, top + 30)
      .stroke();
    doc.text('Printed name', x, top + 33, { width: width * 0.6 });
    doc
      .moveTo(x + width * 0.65, top + 30)
      .lineTo(x + width, top + 30)
      .stroke();
    doc.text('Date', x + width * 0.65, top + 33, { width: width * 0.35 });
  });
  doc.x = left;
  doc.y = top + 46;
}

/** The rate confirmation: parties, load, agreed rate, terms and signature lines. */
export async function renderRateConfirmation(input: RateConfirmationInput): Promise<Buffer> {
  const { load } = input;
  const doc = newDocument('Rate Confirmation', load.reference);
  header(doc, 'Rate Confirmation', `Load ${load.reference}`, [
    `Issued ${formatDate(input.issuedAt)}`,
    `Booked ${formatDateTime(input.bookedAt)}`,
    `Version ${input.version}`,
  ]);

  sectionTitle(doc, 'Parties');
  parties(doc, input.shipper, input.carrier);

  sectionTitle(doc, 'Load details');
  rows(doc, loadRows(load));

  for (const stop of input.stops ?? []) {
    const d = stop.details;
    sectionTitle(doc, stop.label);
    rows(doc, [
      ['Facility', pdfText(d.facilityName)],
      ['Address', pdfText(stop.address)],
      ['Date', stop.when],
      ['Appointment', pdfText(appointmentText(d.appointment))],
      ['Dock / door', pdfText(d.dockNotes)],
      ['References', pdfText(stopReferencesText(d))],
      ['Contact', pdfText([d.contactName, d.contactPhone].filter(Boolean).join(', ')) || null],
    ]);
  }

  if (input.assignment) {
    sectionTitle(doc, 'Truck and driver');
    rows(doc, [
      ['Truck', pdfText(input.assignment.truck)],
      ['Driver', pdfText(input.assignment.driver)],
      ['Driver phone', input.assignment.driverPhone ? pdfText(input.assignment.driverPhone) : null],
    ]);
  }

  sectionTitle(doc, 'Agreed rate');
  ensureSpace(doc, 60);
  const top = doc.y;
  const left = doc.page.margins.left;
  doc.rect(left, top, contentWidth(doc), 50).fillAndStroke(PANEL, RULE);
  const amount = input.rateCents != null ? formatUsd(input.rateCents / 100) : 'Not stated';
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(amount, left + 14, top + 10);
  const perMile =
    input.rateCents != null && load.distanceMiles != null && load.distanceMiles > 0
      ? `${formatUsd(input.rateCents / 100 / load.distanceMiles)} per mile over ${load.distanceMiles.toLocaleString('en-US')} miles`
      : null;
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9)
    .text(
      [`USD, ${input.rateType === 'per_mile' ? 'quoted per mile' : 'flat rate'}, linehaul and fuel`, perMile]
        .filter(Boolean)
        .join('  |  '),
      left + 14,
      top + 34,
      { width: contentWidth(doc) - 28 },
    );
  doc.x = left;
  doc.y = top + 60;

  const accessorials = input.accessorialTerms ?? DEFAULT_ACCESSORIAL_TERMS;
  sectionTitle(doc, 'Detention, layover and TONU');
  rows(
    doc,
    accessorialTermLines(accessorials).map(({ label, text }): [string, string] => [label, pdfText(text)]),
  );

  sectionTitle(doc, 'Terms');
  terms(doc, rateConfirmationTerms(accessorials), SIGNATURES_HEIGHT);

  signatures(doc, [input.shipper.role, 'Carrier']);
  footer(doc, `Rate Confirmation ${load.reference} - FreightConnect`);
  return finish(doc);
}

/** The receiver's receipt: their name, when they signed, the exception noted, and the signature drawn on the phone. */
function receiptBlock(doc: Doc, receipt: DeliveryReceiptInfo): void {
  sectionTitle(doc, 'Received by', 150);
  rows(doc, [
    ['Receiver', pdfText(receipt.receiverName)],
    ['Signed at', formatDateTime(receipt.signedAt)],
    ['Exceptions', pdfText(receipt.exception)],
    ['Exception note', pdfText(receipt.exceptionNote)],
  ]);
  const left = doc.page.margins.left;
  ensureSpace(doc, 100);
  const top = doc.y + 4;
  let drawn = false;
  if (receipt.signature) {
    try {
      doc.image(receipt.signature, left, top, { fit: [240, 80] });
      drawn = true;
    } catch {
      drawn = false;
    }
  }
  const line = top + 82;
  doc
    .moveTo(left, line)
    .lineTo(left + 240, line)
    .lineWidth(0.75)
    .strokeColor(INK)
    .stroke();
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(
      drawn
        ? `Receiver signature (drawn on the driver's phone): ${pdfText(receipt.receiverName)}`
        : 'Receiver signature (the image could not be embedded)',
      left,
      line + 3,
      { width: 360 },
    );
  doc.x = left;
  doc.y = line + 18;
}

/** The proof of delivery: the load, the carrier, when and where it was delivered, the delivery photos. */
export async function renderProofOfDelivery(input: ProofOfDeliveryInput): Promise<Buffer> {
  const { load } = input;
  const doc = newDocument('Proof of Delivery', load.reference);
  header(doc, 'Proof of Delivery', `Load ${load.reference}`, [
    `Issued ${formatDate(input.issuedAt)}`,
    `Delivered ${formatDateTime(input.deliveredAt)}`,
    `Version ${input.version}`,
  ]);

  sectionTitle(doc, 'Delivery');
  rows(doc, [
    ['Delivered at', formatDateTime(input.deliveredAt)],
    ['Delivery place', pdfText(load.destination)],
    [
      'Last shared position',
      input.position
        ? `${input.position.lat.toFixed(5)}, ${input.position.lng.toFixed(5)} (shared ${formatDateTime(input.position.at)})`
        : 'none shared',
    ],
    ['Carrier note', pdfText(input.deliveryNote)],
  ]);

  if (input.receipt) receiptBlock(doc, input.receipt);

  sectionTitle(doc, 'Parties');
  parties(doc, input.shipper, input.carrier);

  sectionTitle(doc, 'Load details');
  rows(doc, loadRows(load));

  // The last block before the signatures moves with them: no photo, the section and its line; else the last photo.
  sectionTitle(
    doc,
    `Delivery photos (${input.photos.length})`,
    input.photos.length ? 200 : 40 + SIGNATURES_HEIGHT,
  );
  if (input.photos.length === 0) {
    doc.font('Helvetica').fontSize(9.5).fillColor(MUTED).text('No delivery photo is on record.');
  }
  const left = doc.page.margins.left;
  for (const [index, photo] of input.photos.entries()) {
    const caption = [
      `Taken ${formatDateTime(photo.takenAt)}`,
      photo.latitude != null && photo.longitude != null
        ? `at ${photo.latitude.toFixed(5)}, ${photo.longitude.toFixed(5)}`
        : null,
      pdfText(photo.description) || null,
    ]
      .filter(Boolean)
      .join('  |  ');
    ensureSpace(doc, 205 + (index === input.photos.length - 1 ? SIGNATURES_HEIGHT : 0));
    const top = doc.y;
    let height = 0;
    if (photo.image) {
      try {
        doc.image(photo.image, left, top, { fit: [contentWidth(doc), 180] });
        height = 184;
      } catch {
        height = 0;
      }
    }
    doc.y = top + height;
    doc
      .fillColor(height ? MUTED : INK)
      .font('Helvetica')
      .fontSize(8.5)
      .text(height ? caption : `${caption} (the image could not be embedded)`, left, doc.y, {
        width: contentWidth(doc),
      });
    doc.moveDown(0.8);
  }

  signatures(doc, ['Receiver', 'Carrier']);
  footer(doc, `Proof of Delivery ${load.reference} - FreightConnect`);
  return finish(doc);
}
