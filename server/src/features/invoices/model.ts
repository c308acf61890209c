import {
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  invoicePdfPath,
  loadDocumentPath,
  isInvoiceOpen,
  type InvoiceDto,
  type InvoiceQuickPayDto,
  type InvoiceLineKind,
  type InvoiceStatus,
  type QuickPayTerms,
} from '@freight/shared';
import mongoose, { Schema, type Types } from 'mongoose';
import { iso } from '../../http/dto';
import { now } from '../../infra/clock';
import type { PartyInfo } from '../loadDocuments/render';
import { photoUrl } from '../tracking/model';

/**
 * An invoice (issue 40, docs/invoices.md). Lines, history and the parties as the PDF prints them are nested (never
 * queried by); the lists read by one top-level equality: `companyId` (sent) or `payerCompanyId` (received), or the
 * person's id where a side has no company (DESIGN §2).
 */
const partySchema = new Schema(
  {
    role: { type: String, required: true },
    company: { type: String, default: null },
    name: { type: String, required: true },
    email: { type: String, default: null },
    phone: { type: String, default: null },
    mcNumber: { type: String, default: null },
    usdotNumber: { type: String, default: null },
  },
  { _id: false },
);

const invoiceSchema = new Schema(
  {
    number: { type: String, required: true },
    /** The n of the number, per issuer. */
    sequence: { type: Number, required: true },
    /** The issuer's company id, else its person's id: what numbers are counted per. */
    issuerKey: { type: String, required: true },
    status: { type: String, enum: INVOICE_STATUSES, required: true },
    version: { type: Number, required: true },
    currency: { type: String, default: 'USD' },
    loadId: { type: Schema.Types.ObjectId, ref: 'FreightListing', required: true },
    loadTitle: { type: String, required: true },
    lane: { type: String, required: true },
    /** The issuer: the load's carrier and their company (null without one). */
    issuerUserId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    companyId: { type: Schema.Types.ObjectId, ref: 'Company', default: null },
    /** The payer: the load's poster and their company (null without one). */
    payerUserId: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    payerCompanyId: { type: Schema.Types.ObjectId, ref: 'Company', default: null },
    issuer: { type: partySchema, required: true },
    payer: { type: partySchema, required: true },
    lines: {
      type: [
        new Schema(
          {
            kind: { type: String, enum: INVOICE_LINE_KINDS, required: true },
            description: { type: String, required: true },
            amountCents: { type: Number, required: true },
            /** A lumper line's receipt: the load's photo of type `lumper_receipt`. */
            receiptPhotoId: { type: Schema.Types.ObjectId, default: null },
            dispute: {
              type: new Schema(
                { reason: { type: String, required: true }, at: { type: Date, required: true } },
                { _id: false },
              ),
              default: null,
            },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    totalCents: { type: Number, required: true },
    termsDays: { type: Number, required: true },
    submittedAt: { type: Date, required: true },
    dueAt: { type: Date, required: true },
    approvedAt: { type: Date, default: null },
    disputedAt: { type: Date, default: null },
    /** The day the payer will pay (YYYY-MM-DD). */
    scheduledFor: { type: String, default: null },
    paidAt: { type: Date, default: null },
    paymentReference: { type: String, default: null },
    quickPay: {
      type: new Schema(
        {
          feeBps: { type: Number, required: true },
          days: { type: Number, required: true },
          requestedAt: { type: Date, required: true },
          feeCents: { type: Number, required: true },
          netCents: { type: Number, required: true },
          dueBy: { type: Date, required: true },
          missed: { type: Boolean, default: null },
        },
        { _id: false },
      ),
      default: null,
    },
    replacesId: { type: Schema.Types.ObjectId, default: null },
    replacedById: { type: Schema.Types.ObjectId, default: null },
    history: {
      type: [
        new Schema(
          {
            at: { type: Date, required: true },
            status: { type: String, enum: INVOICE_STATUSES, required: true },
            text: { type: String, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { timestamps: false },
);
// Sent and received, newest first; a load's invoices; the number, unique per issuer (the backstop of the counter).
invoiceSchema.index({ companyId: 1, submittedAt: -1 });
invoiceSchema.index({ issuerUserId: 1, submittedAt: -1 });
invoiceSchema.index({ payerCompanyId: 1, submittedAt: -1 });
invoiceSchema.index({ payerUserId: 1, submittedAt: -1 });
invoiceSchema.index({ loadId: 1 });
invoiceSchema.index({ issuerKey: 1, sequence: 1 }, { unique: true });

export interface InvoiceLine {
  kind: InvoiceLineKind;
  description: string;
  amountCents: number;
  receiptPhotoId?: Types.ObjectId | null;
  dispute: { reason: string; at: Date } | null;
}

export interface InvoiceQuickPay {
  feeBps: number;
  days: number;
  requestedAt: Date;
  feeCents: number;
  netCents: number;
  dueBy: Date;
  /** Paid after `dueBy` (null until paid). */
  missed: boolean | null;
}

export interface Invoice {
  _id: Types.ObjectId;
  number: string;
  sequence: number;
  issuerKey: string;
  status: InvoiceStatus;
  version: number;
  currency: 'USD';
  loadId: Types.ObjectId;
  loadTitle: string;
  lane: string;
  issuerUserId: Types.ObjectId;
  companyId: Types.ObjectId | null;
  payerUserId: Types.ObjectId;
  payerCompanyId: Types.ObjectId | null;
  issuer: PartyInfo;
  payer: PartyInfo;
  lines: InvoiceLine[];
  totalCents: number;
  termsDays: number;
  submittedAt: Date;
  dueAt: Date;
  approvedAt: Date | null;
  disputedAt: Date | null;
  scheduledFor: string | null;
  paidAt: Date | null;
  paymentReference: string | null;
  /** The quick pay the carrier requested (absent on invoices stored before slice 4). */
  quickPay?: InvoiceQuickPay | null;
  replacesId: Types.ObjectId | null;
  replacedById: Types.ObjectId | null;
  history: Array<{ at: Date; status: InvoiceStatus; text: string }>;
  createdAt: Date;
  updatedAt: Date;
}

export const InvoiceModel = mongoose.model('Invoice', invoiceSchema, 'invoices');

/** The last number each issuer handed out (one document per issuer, changed under the issuer's company lease). */
const invoiceCounterSchema = new Schema({ _id: { type: String, required: true }, last: { type: Number } });
export const InvoiceCounterModel = mongoose.model('InvoiceCounter', invoiceCounterSchema, 'invoice_counters');

const partyName = (p: PartyInfo) => p.company || p.name;
const idOrNull = (v: unknown) => (v ? String(v) : null);

/** Both sides' people, as an invoice fact carries them. */
export const partiesOfInvoice = (inv: Pick<Invoice, 'issuerUserId' | 'payerUserId'>) => ({
  issuerUserId: String(inv.issuerUserId),
  payerUserId: String(inv.payerUserId),
});

/** Unpaid, not replaced and past its due date. */
export const isOverdue = (inv: Pick<Invoice, 'status' | 'dueAt'>, at: Date) =>
  isInvoiceOpen(inv.status) && inv.dueAt.getTime() < at.getTime();

/**
 * Whether the quick pay promise was missed: as recorded at payment; unpaid, missed once the day promised has passed
 * (null until then, and on a replaced invoice).
 */
function quickPayMissed(inv: Invoice, qp: InvoiceQuickPay, at: Date): boolean | null {
  if (qp.missed != null) return qp.missed;
  return isInvoiceOpen(inv.status) && qp.dueBy.getTime() < at.getTime() ? true : null;
}

function quickPayDto(inv: Invoice, qp: InvoiceQuickPay, hidden: boolean, at: Date): InvoiceQuickPayDto {
  return {
    feeBps: qp.feeBps,
    days: qp.days,
    requestedAt: iso(qp.requestedAt)!,
    feeCents: hidden ? null : qp.feeCents,
    netCents: hidden ? null : qp.netCents,
    dueBy: iso(qp.dueBy)!,
    missed: quickPayMissed(inv, qp, at),
  };
}

/**
 * The API view; `amountsHidden` (a dispatcher) leaves out every amount and the PDF; `quickPayOffer` is the payer's
 * quick pay as offered now (the caller reads it from the payer's company).
 */
export function toInvoiceDto(
  inv: Invoice,
  opts: { amountsHidden?: boolean; quickPayOffer?: QuickPayTerms | null } = {},
): InvoiceDto {
  const hidden = opts.amountsHidden ?? false;
  const loadId = String(inv.loadId);
  const at = now();
  return {
    id: String(inv._id),
    number: inv.number,
    status: inv.status,
    version: inv.version,
    currency: 'USD',
    loadId,
    loadTitle: inv.loadTitle,
    lane: inv.lane,
    companyId: idOrNull(inv.companyId),
    issuerName: partyName(inv.issuer),
    payerCompanyId: idOrNull(inv.payerCompanyId),
    payerName: partyName(inv.payer),
    lines: inv.lines.map((l, index) => ({
      index,
      kind: l.kind,
      description: l.description,
      amountCents: hidden ? null : l.amountCents,
      dispute: l.dispute ? { reason: l.dispute.reason, at: iso(l.dispute.at)! } : null,
      receipt:
        l.receiptPhotoId && !hidden
          ? { photoId: String(l.receiptPhotoId), url: photoUrl(loadId, String(l.receiptPhotoId)) }
          : null,
    })),
    totalCents: hidden ? null : inv.totalCents,
    amountsHidden: hidden,
    termsDays: inv.termsDays,
    submittedAt: iso(inv.submittedAt)!,
    dueAt: iso(inv.dueAt)!,
    approvedAt: iso(inv.approvedAt),
    disputedAt: iso(inv.disputedAt),
    scheduledFor: inv.scheduledFor ?? null,
    paidAt: iso(inv.paidAt),
    paymentReference: hidden ? null : (inv.paymentReference ?? null),
    replacesId: idOrNull(inv.replacesId),
    replacedById: idOrNull(inv.replacedById),
    history: inv.history.map((h) => ({ at: iso(h.at)!, status: h.status, text: h.text })),
    overdue: isOverdue(inv, at),
    quickPayOffer: opts.quickPayOffer ?? null,
    quickPay: inv.quickPay ? quickPayDto(inv, inv.quickPay, hidden, at) : null,
    pdfUrl: hidden ? null : invoicePdfPath(String(inv._id)),
    rateConfirmationUrl: loadDocumentPath(loadId, 'rate_confirmation'),
    proofOfDeliveryUrl: loadDocumentPath(loadId, 'proof_of_delivery'),
  };
}
