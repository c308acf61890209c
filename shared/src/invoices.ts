import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { dateInput } from './dates';

/**
 * Getting paid (issue 40, docs/invoices.md): the carrier company invoices a delivered load to the company that posted
 * it; the payer approves, disputes line by line, schedules and pays. Amounts are integer cents in USD (DESIGN §9).
 */

export const INVOICE_STATUSES = [
  'submitted',
  'approved',
  'disputed',
  'scheduled',
  'paid',
  'replaced',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Statuses in which an invoice still waits for its money (the aging buckets count these). */
export const OPEN_INVOICE_STATUSES: readonly InvoiceStatus[] = [
  'submitted',
  'approved',
  'disputed',
  'scheduled',
];
export const isInvoiceOpen = (status: InvoiceStatus) => OPEN_INVOICE_STATUSES.includes(status);

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  disputed: 'Disputed',
  scheduled: 'Payment scheduled',
  paid: 'Paid',
  replaced: 'Replaced',
};

export const INVOICE_LINE_KINDS = ['linehaul', 'detention', 'layover', 'tonu', 'lumper', 'other'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
/** The lines a carrier adds beside the linehaul (the linehaul is the load's agreed rate). */
export const EXTRA_INVOICE_LINE_KINDS = ['detention', 'layover', 'tonu', 'lumper', 'other'] as const;

export const INVOICE_LINE_LABELS: Record<InvoiceLineKind, string> = {
  linehaul: 'Linehaul',
  detention: 'Detention',
  layover: 'Layover',
  tonu: 'Truck ordered not used',
  lumper: 'Lumper',
  other: 'Other',
};

export const DEFAULT_INVOICE_TERMS_DAYS = 30;
export const MAX_INVOICE_TERMS_DAYS = 120;
/** The most any one line may ask: $1,000,000.00 (a guard against a slipped key, not a business rule). */
export const MAX_INVOICE_LINE_CENTS = 100_000_000;
export const MAX_INVOICE_LINES = 20;

/** "INV-000042": the issuing company's 42nd invoice. */
export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

const amountCents = z
  .number({ error: 'Enter the amount in cents (a whole number)' })
  .int('Enter the amount in cents (a whole number)')
  .positive('Amounts must be more than zero')
  .max(MAX_INVOICE_LINE_CENTS, 'An amount of more than $1,000,000.00 on one line is not accepted');

const description = z
  .string({ error: 'Describe the charge' })
  .trim()
  .min(1, 'Describe the charge')
  .max(200, 'Keep the description under 200 characters');

/** A lumper line without its receipt: the form's words, and the API's with how to attach one. */
export const LUMPER_RECEIPT_MISSING = 'Attach the lumper receipt';
export const LUMPER_RECEIPT_REQUIRED = `${LUMPER_RECEIPT_MISSING}: a photo of it on the load (type "Lumper receipt")`;

export const extraInvoiceLineSchema = z
  .object({
    kind: z.enum(EXTRA_INVOICE_LINE_KINDS, {
      error: 'Choose detention, layover, tonu, lumper or other (the linehaul comes from the load)',
    }),
    description,
    amountCents,
    /** The load's photo of the receipt (type `lumper_receipt`): required on a lumper line, refused on the others. */
    receiptPhotoId: z
      .string()
      .regex(/^[0-9a-f]{24}$/i, 'Choose one of the load’s lumper receipts')
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((line, ctx) => {
    if (line.kind === 'lumper' && !line.receiptPhotoId)
      ctx.addIssue({ code: 'custom', path: ['receiptPhotoId'], message: LUMPER_RECEIPT_REQUIRED });
    if (line.kind !== 'lumper' && line.receiptPhotoId)
      ctx.addIssue({
        code: 'custom',
        path: ['receiptPhotoId'],
        message: 'Only a lumper line carries a receipt',
      });
  });
export type ExtraInvoiceLine = z.infer<typeof extraInvoiceLineSchema>;

const termsDays = z
  .number({ error: 'Terms are a number of days' })
  .int('Terms are a whole number of days')
  .min(0, 'Terms cannot be negative')
  .max(MAX_INVOICE_TERMS_DAYS, `Terms run at most ${MAX_INVOICE_TERMS_DAYS} days`);

const extraLines = z
  .array(extraInvoiceLineSchema)
  .max(MAX_INVOICE_LINES - 1, `An invoice holds at most ${MAX_INVOICE_LINES} lines`)
  .default([]);

/** POST /api/invoices: the carrier invoices one delivered load. */
export const createInvoiceSchema = z.object({
  loadId: z.string({ error: 'Choose the load to invoice' }).regex(/^[0-9a-f]{24}$/i, 'Invalid load id'),
  extraLines,
  termsDays: termsDays.default(DEFAULT_INVOICE_TERMS_DAYS),
});
export type CreateInvoiceInput = z.input<typeof createInvoiceSchema>;

const version = z
  .number({ error: 'Send the version of the invoice you are acting on' })
  .int('Invalid version')
  .min(1, 'Invalid version');

/** POST /api/invoices/:id/correct: a new invoice replaces a disputed (or still unapproved) one. */
export const correctInvoiceSchema = z.object({
  version,
  /** The linehaul as corrected (cents); the load's agreed rate when left out. */
  linehaulCents: amountCents.optional(),
  extraLines,
  termsDays: termsDays.optional(),
});
export type CorrectInvoiceInput = z.input<typeof correctInvoiceSchema>;

export const approveInvoiceSchema = z.object({ version });

export const disputeInvoiceSchema = z.object({
  version,
  lines: z
    .array(
      z.object({
        index: z.number({ error: 'Choose the line you dispute' }).int('Invalid line').min(0, 'Invalid line'),
        reason: z
          .string({ error: 'Give a reason for each line you dispute' })
          .trim()
          .min(1, 'Give a reason for each line you dispute')
          .max(500, 'Keep each reason under 500 characters'),
      }),
      { error: 'Choose at least one line to dispute' },
    )
    .min(1, 'Choose at least one line to dispute')
    .max(MAX_INVOICE_LINES, 'Invalid line'),
});
export type DisputeInvoiceInput = z.input<typeof disputeInvoiceSchema>;

export const scheduleInvoiceSchema = z.object({
  version,
  scheduledFor: dateInput('Choose the day you will pay'),
});

export const payInvoiceSchema = z.object({
  version,
  reference: z
    .string({ error: 'Enter the payment reference (check or ACH number)' })
    .trim()
    .min(1, 'Enter the payment reference (check or ACH number)')
    .max(100, 'Keep the reference under 100 characters'),
});

export const invoiceListSchema = z.object({
  /**
   * A status to list only (none or blank: every status). Not `isBlank`: importing nullableInputs here splits it out
   * of the first paint's main chunk (the size budget), for one comparison.
   */
  status: z.preprocess((v) => (v === '' ? undefined : v), z.enum(INVOICE_STATUSES).optional()),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/**
 * Quick pay (issue 40, item 3): the payer company offers to pay within `days` for a fee of `feeBps` basis points of
 * the total (250 = 2.5 %); the carrier requests it on an approved or scheduled invoice.
 */
export const MAX_QUICK_PAY_FEE_BPS = 1000;
export const MAX_QUICK_PAY_DAYS = 30;

export const quickPayTermsSchema = z.object({
  feeBps: z
    .number({ error: 'Enter the fee in basis points (250 = 2.5 %)' })
    .int('Enter the fee in whole basis points (250 = 2.5 %)')
    .min(1, 'The fee must be more than 0 %')
    .max(MAX_QUICK_PAY_FEE_BPS, `The fee is at most ${MAX_QUICK_PAY_FEE_BPS / 100} %`),
  days: z
    .number({ error: 'Enter the days within which you pay' })
    .int('Enter a whole number of days')
    .min(1, 'Promise at least 1 day')
    .max(MAX_QUICK_PAY_DAYS, `Promise at most ${MAX_QUICK_PAY_DAYS} days`),
});
export type QuickPayTerms = z.infer<typeof quickPayTermsSchema>;

/** GET/PUT /api/company/quick-pay: the terms the viewer's company offers (null: none), and whether they may change them. */
export interface QuickPayOfferDto {
  terms: QuickPayTerms | null;
  canEdit: boolean;
}

/** POST /api/invoices/:id/quick-pay: the carrier confirms the fee it was shown (a changed offer gets 409). */
export const requestQuickPaySchema = z.object({
  version,
  feeBps: quickPayTermsSchema.shape.feeBps,
});

/** "2.5 %" */
export const formatFeeBps = (feeBps: number) => `${feeBps / 100} %`;

/**
 * The quick pay fee in cents: the total times the fee, rounded to the nearest cent (half a cent rounds up), in
 * integers only. The carrier receives the total less this fee.
 */
export function quickPayFeeCents(totalCents: number, feeBps: number): number {
  return Math.floor((totalCents * feeBps + 5_000) / 10_000);
}

export interface InvoiceQuickPayDto {
  feeBps: number;
  days: number;
  requestedAt: string;
  feeCents: number | null;
  netCents: number | null;
  /** The day the payer promised to pay by (the request plus the promised days). */
  dueBy: string;
  /** The promise was missed: paid after `dueBy`, or unpaid past it (null while it may still be kept). */
  missed: boolean | null;
}

export interface InvoiceViewerActions {
  /** The issuer: a corrected invoice replaces this one. */
  correct?: true;
  /** The issuer: ask the payer's quick pay (it is offered, the invoice is approved or scheduled, not asked yet). */
  requestQuickPay?: true;
  approve?: true;
  dispute?: true;
  schedule?: true;
  pay?: true;
  /** Download the invoice PDF (the money roles of either side). */
  downloadPdf?: true;
}

export interface InvoiceLineDto {
  index: number;
  kind: InvoiceLineKind;
  description: string;
  /** Null for a viewer who sees the status only (a dispatcher). */
  amountCents: number | null;
  dispute: { reason: string; at: string } | null;
  /** A lumper line's receipt (the load's photo), for the money roles of either side; null otherwise. */
  receipt: { photoId: string; url: string } | null;
}

export interface InvoiceHistoryEntryDto {
  at: string;
  status: InvoiceStatus;
  /** What happened, in words ("Approved by Dana Cole"). */
  text: string;
}

export interface InvoiceDto {
  id: string;
  number: string;
  status: InvoiceStatus;
  version: number;
  currency: 'USD';
  loadId: string;
  loadTitle: string;
  lane: string;
  /** The issuer (the carrier company) and the payer (the poster's company, or the poster without one). */
  companyId: string | null;
  issuerName: string;
  payerCompanyId: string | null;
  payerName: string;
  lines: InvoiceLineDto[];
  /** Null with the amounts hidden. */
  totalCents: number | null;
  /** True when the viewer sees the status only (no amounts, no PDF). */
  amountsHidden: boolean;
  termsDays: number;
  submittedAt: string;
  dueAt: string;
  approvedAt: string | null;
  disputedAt: string | null;
  scheduledFor: string | null;
  paidAt: string | null;
  paymentReference: string | null;
  replacesId: string | null;
  replacedById: string | null;
  history: InvoiceHistoryEntryDto[];
  /** Unpaid and past its due date (not replaced). */
  overdue: boolean;
  /** The payer's quick pay terms as offered now (null: none offered). */
  quickPayOffer: QuickPayTerms | null;
  /** The quick pay the carrier requested on this invoice. */
  quickPay: InvoiceQuickPayDto | null;
  pdfUrl: string | null;
  rateConfirmationUrl: string;
  proofOfDeliveryUrl: string;
  viewerActions?: InvoiceViewerActions;
}

export interface InvoicePage {
  items: InvoiceDto[];
  page: number;
  pageSize: number;
  total: number;
}

/** GET /api/freight/:id/invoice: the load's current invoice for the viewer, and whether they may create one. */
export interface LoadInvoiceDto {
  invoice: InvoiceDto | null;
  canCreate: boolean;
  /** The linehaul a new invoice starts with (the load's agreed rate, cents), for the viewer who may create one. */
  linehaulCents: number | null;
}

/** An invoice changed (created, moved, replaced): its parties' screens read it again. */
export interface InvoiceChangedPayload {
  id: string;
  status: InvoiceStatus;
  version: number;
  loadId: string;
}

export interface InvoiceEvents {
  'invoice:changed': (payload: InvoiceChangedPayload) => void;
}

export const AGING_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'Current',
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': '90+ days',
};

const DAY_MS = 86_400_000;

/** Whole days an invoice is past its due date (0 on or before it). */
export function daysPastDue(dueAt: string | Date, at: Date): number {
  const due = typeof dueAt === 'string' ? Date.parse(dueAt) : dueAt.getTime();
  return Math.max(0, Math.floor((at.getTime() - due) / DAY_MS));
}

export function agingBucketOf(dueAt: string | Date, at: Date): AgingBucket {
  const days = daysPastDue(dueAt, at);
  if (days === 0) return 'current';
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

export type AgingBuckets = Record<AgingBucket, { count: number; cents: number }>;

/** GET /api/invoices/aging?side=sent|received: every open invoice of the side, by bucket. */
export const invoiceAgingQuerySchema = z.object({
  side: z.enum(['sent', 'received'], { error: 'Choose sent or received' }),
});
export interface InvoiceAgingDto {
  side: 'sent' | 'received';
  asOf: string;
  buckets: AgingBuckets;
  /** True for a viewer who sees counts only (a dispatcher): every `cents` is 0. */
  amountsHidden: boolean;
}

/** The open invoices' amounts by aging bucket (cents; the hidden amounts count as zero) and their count. */
export function agingOf(
  invoices: Array<{ status: InvoiceStatus; dueAt: string | Date; totalCents: number | null }>,
  at: Date,
): AgingBuckets {
  const out = Object.fromEntries(AGING_BUCKETS.map((b) => [b, { count: 0, cents: 0 }])) as AgingBuckets;
  for (const invoice of invoices) {
    if (!isInvoiceOpen(invoice.status)) continue;
    const bucket = out[agingBucketOf(invoice.dueAt, at)];
    bucket.count += 1;
    bucket.cents += invoice.totalCents ?? 0;
  }
  return out;
}

/** GET /api/invoices/:id/invoice.pdf */
export const invoicePdfPath = (id: string) => `/api/invoices/${id}/invoice.pdf`;
